/**
 * The work the sweeper hands to check workers: one scheduled check, or a handful of webhook
 * retries. On AWS each job is one SQS message read by the check Lambda; in the dev server an
 * in-process queue runs them.
 */
export type MonitorJob =
  | { type: 'check'; monitor_id: string; slot: string }
  | { type: 'deliver'; delivery_ids: string[] };

export interface QueuedJob {
  job: MonitorJob;
  /** Per-monitor jitter: a slot's checks start spread over a minute, not all in one second. */
  delaySeconds: number;
}

export interface JobQueue {
  send(jobs: QueuedJob[]): Promise<void>;
}
