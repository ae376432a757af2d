import type { SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../../logger.js';
import type { JobQueue, QueuedJob } from './jobs.js';

/** SendMessageBatch takes 10 messages a call; this many calls are in flight at once. */
const BATCH = 10;
const PARALLEL_CALLS = 25;
const ATTEMPTS = 3;

/**
 * The sweeper's queue on AWS: one SQS message per job, its jitter as the message's DelaySeconds.
 * The SDK ships with the Lambda runtime and is imported when the first batch is sent.
 */
export function sqsQueue(queueUrl: string, options: { endpoint?: string; region?: string } = {}): JobQueue {
  let client: SQSClient | undefined;
  return {
    async send(jobs: QueuedJob[]) {
      if (jobs.length === 0) return;
      const { SQSClient, SendMessageBatchCommand } = await import('@aws-sdk/client-sqs');
      client ??= new SQSClient({ endpoint: options.endpoint, region: options.region });
      const batches: QueuedJob[][] = [];
      for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
      let next = 0;
      const worker = async () => {
        while (next < batches.length) {
          let pending = batches[next++];
          for (let attempt = 1; pending.length > 0 && attempt <= ATTEMPTS; attempt += 1) {
            const result = await client!.send(
              new SendMessageBatchCommand({
                QueueUrl: queueUrl,
                Entries: pending.map((queued, index) => ({
                  Id: String(index),
                  MessageBody: JSON.stringify(queued.job),
                  DelaySeconds: queued.delaySeconds,
                })),
              }),
            );
            const failed = new Set((result.Failed ?? []).map((entry) => Number(entry.Id)));
            pending = pending.filter((_, index) => failed.has(index));
          }
          if (pending.length > 0) {
            // The slot was claimed: a job that cannot be queued is a slot skipped, said loudly.
            logger.error('monitor jobs could not be queued', { jobs: pending.map((queued) => queued.job) });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_CALLS, batches.length) }, worker));
    },
  };
}
