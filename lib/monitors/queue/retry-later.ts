import type { Config } from '../../env.js';
import { logger } from '../../logger.js';
import { type DeliveryRuntime, deliverNow, type RetryLater } from '../../webhooks/deliveries.js';
import { sqsQueue } from './sqs-queue.js';

/** SQS caps a message's delivery delay at 15 minutes. */
const MAX_DELAY_SECONDS = 900;

/**
 * Where a webhook retry due before the next sweep waits. On AWS (MONITOR_QUEUE_URL set) it is a
 * `deliver` job on the check queue with that delivery delay, so no function sleeps for it; in the
 * dev server a timer in the process, which runs the same attempt when it fires.
 */
export function retryLaterFor(config: Pick<Config, 'MONITOR_QUEUE_URL'>, rt: DeliveryRuntime): RetryLater {
  const queueUrl = config.MONITOR_QUEUE_URL;
  if (queueUrl) {
    const queue = sqsQueue(queueUrl);
    return async (ids, delayMs) => {
      await queue.send([
        {
          job: { type: 'deliver', delivery_ids: ids },
          delaySeconds: Math.min(MAX_DELAY_SECONDS, Math.ceil(delayMs / 1000)),
        },
      ]);
    };
  }
  const later: RetryLater = async (ids, delayMs) => {
    setTimeout(() => {
      deliverNow(rt, ids, 0, undefined, later).catch((error) =>
        logger.error('webhook retry failed', { ids, error: String(error) }),
      );
    }, delayMs).unref();
  };
  return later;
}
