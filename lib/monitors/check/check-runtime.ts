import type { FetchEnvironment } from '../../fetch/types.js';
import { createMailer, type Mailer } from '../../notify/mailer.js';
import type { Services } from '../../services.js';
import { deliverNow, type NewEvent, type RetryLater, recordDeliveries } from '../../webhooks/deliveries.js';
import { retryLaterFor } from '../queue/retry-later.js';

/**
 * What a check needs from the process running it: the services, the mailer, and a clock. The clock
 * is injected so tests drive schedules, retention and retries through time without waiting; the
 * signatures of webhooks always use the real time, which is what receivers verify against.
 */
export interface CheckRuntime {
  services: Services;
  mailer: Mailer;
  now(): Date;
  targetTimeoutMs?: number;
  fetchEnvironment(): FetchEnvironment;
  /** Where retries due before the next sweep wait (a delayed queue message, or a timer). */
  retryLater: RetryLater;
  /** Records the events of a check and makes their first attempts (and any retry due inside the window). */
  deliver(
    check: { id: string; monitorId: string; accountId: string },
    url: string,
    events: NewEvent[],
  ): Promise<void>;
}

export interface CheckRuntimeOptions {
  mailer?: Mailer;
  now?: () => Date;
  /**
   * How long a check may wait in its own process for retries (the 5-second one): 6 s in the check
   * worker, 0 for run-now, which answers within the API's 30 s; retries due before the next sweep
   * go to `retryLater`, the others to the sweeper.
   */
  inlineRetryWindowMs?: number;
  targetTimeoutMs?: number;
  /** How the in-process retry waits (tests pass one that does not). */
  sleep?: (ms: number) => Promise<void>;
  /** Tests on a moved clock pass their own, so no real timer fires behind their back. */
  retryLater?: RetryLater;
}

const noop = () => {};
const neverOverridden = async () => {};

export function createCheckRuntime(services: Services, options: CheckRuntimeOptions = {}): CheckRuntime {
  const now = options.now ?? (() => new Date());
  const windowMs = options.inlineRetryWindowMs ?? 0;
  const deliveryRuntime = { db: services.db, send: { config: services.config }, now };
  const retryLater = options.retryLater ?? retryLaterFor(services.config, deliveryRuntime);
  return {
    retryLater,
    services,
    mailer: options.mailer ?? createMailer(services.config),
    now,
    targetTimeoutMs: options.targetTimeoutMs,
    fetchEnvironment: () => ({
      config: services.config,
      kv: services.kv,
      // Monitors always respect robots.txt, so there is never an override to warn of or record.
      warn: noop,
      recordRobotsOverride: neverOverridden,
    }),
    async deliver(check, url, events) {
      const rows = await recordDeliveries(
        services.db,
        { checkId: check.id, monitorId: check.monitorId, accountId: check.accountId, url },
        events,
        now(),
      );
      await deliverNow(
        deliveryRuntime,
        rows.map((row) => row.id),
        windowMs,
        options.sleep,
        retryLater,
      );
    },
  };
}
