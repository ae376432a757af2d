import { type CheckRuntime, createCheckRuntime } from '../../monitors/check/check-runtime.js';
import type { Services } from '../../services.js';

const runtimes = new WeakMap<Services, CheckRuntime>();

/**
 * The runtime of run-now checks, one per opened services. No in-process retry: the API answers
 * within its 30 s window, and a failed first delivery is retried by the sweeper (5 minutes).
 */
export function monitorRuntime(services: Services): CheckRuntime {
  let runtime = runtimes.get(services);
  if (!runtime) {
    runtime = createCheckRuntime(services, { inlineRetryWindowMs: 0 });
    runtimes.set(services, runtime);
  }
  return runtime;
}
