import { logger } from '../logger.js';
import { openServicesAtColdStart } from '../open-services.js';
import { createCheckRuntime } from './check/check-runtime.js';
import type { MonitorJob } from './queue/jobs.js';
import { sqsQueue } from './queue/sqs-queue.js';
import { handleJob } from './queue/worker.js';
import { type SweepReport, sweep } from './schedule/sweeper.js';

/**
 * The sweeper's and the check worker's Lambda handlers. Services open once per cold start, at
 * module scope of the wiring file; every handler awaits all its work before it returns.
 */

/** How long a check worker waits in-process for a delivery's 5-second retry (its timeout is 90 s). */
const WORKER_RETRY_WINDOW_MS = 6_000;

/** EventBridge, every five minutes. */
export function sweeperHandler() {
  const services = openServicesAtColdStart();
  return async (): Promise<SweepReport> => {
    const opened = await services;
    const queueUrl = opened.config.MONITOR_QUEUE_URL;
    if (!queueUrl) throw new Error('MONITOR_QUEUE_URL is not set: the sweeper has nowhere to send checks');
    const report = await sweep(createCheckRuntime(opened), sqsQueue(queueUrl));
    logger.info('monitor sweep', { ...report });
    return report;
  };
}

interface SqsRecord {
  messageId: string;
  body: string;
}

/** The SQS event source mapping, up to 10 jobs a batch; failed jobs return to the queue. */
export function checkWorkerHandler() {
  const services = openServicesAtColdStart();
  return async (event: { Records: SqsRecord[] }) => {
    const runtime = createCheckRuntime(await services, { inlineRetryWindowMs: WORKER_RETRY_WINDOW_MS });
    const batchItemFailures: Array<{ itemIdentifier: string }> = [];
    await Promise.all(
      event.Records.map(async (record) => {
        try {
          await handleJob(runtime, JSON.parse(record.body) as MonitorJob, WORKER_RETRY_WINDOW_MS);
        } catch (error) {
          logger.error('monitor job failed', { messageId: record.messageId, error: String(error) });
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    return { batchItemFailures };
  };
}
