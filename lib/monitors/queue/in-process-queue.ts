import { logger } from '../../logger.js';
import type { JobQueue, MonitorJob, QueuedJob } from './jobs.js';

/**
 * The queue of the dev server and the tests: jobs run in this process, after their jitter (dev
 * server), or when the test says so (`autoRun: false`), so a test decides when a check runs.
 */
export class InProcessQueue implements JobQueue {
  private readonly waiting: MonitorJob[] = [];
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly handle: (job: MonitorJob) => Promise<void>,
    private readonly options: { autoRun: boolean; honourDelays?: boolean },
  ) {}

  async send(jobs: QueuedJob[]): Promise<void> {
    for (const { job, delaySeconds } of jobs) {
      if (!this.options.autoRun) this.waiting.push(job);
      else if (this.options.honourDelays && delaySeconds > 0) {
        setTimeout(() => this.start(job), delaySeconds * 1000).unref();
      } else this.start(job);
    }
  }

  /** Jobs sent and not yet started (autoRun: false). */
  pending(): MonitorJob[] {
    return [...this.waiting];
  }

  /** Starts every waiting job; with `wait`, resolves once they are all done. */
  async runPending(): Promise<void> {
    const jobs = this.waiting.splice(0);
    await Promise.all(jobs.map((job) => this.start(job)));
  }

  start(job: MonitorJob): Promise<void> {
    const work = this.handle(job)
      .catch((error) => logger.error('monitor job failed', { job, error: String(error) }))
      .finally(() => this.running.delete(work));
    this.running.add(work);
    return work;
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
