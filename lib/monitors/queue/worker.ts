import { deliverNow } from '../../webhooks/deliveries.js';
import type { CheckRuntime } from '../check/check-runtime.js';
import { runCheck } from '../check/run-check.js';
import type { MonitorJob } from './jobs.js';

/** What a check worker does with one job; the same code in the check Lambda and the dev server. */
export async function handleJob(rt: CheckRuntime, job: MonitorJob, inlineRetryWindowMs = 0): Promise<void> {
  if (job.type === 'check') {
    await runCheck(rt, { trigger: 'schedule', monitorId: job.monitor_id, slot: new Date(job.slot) });
    return;
  }
  await deliverNow(
    { db: rt.services.db, send: { config: rt.services.config }, now: () => rt.now() },
    job.delivery_ids,
    inlineRetryWindowMs,
    undefined,
    rt.retryLater,
  );
}
