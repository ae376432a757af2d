import type { Deadline } from '../../crawl/deadline.js';
import { HostPoliteness } from '../../crawl/politeness.js';
import type { FetchEnvironment } from '../../fetch/types.js';
import type { BatchResult } from '../../results/batch-result.js';
import type { TemplateField } from './schema.js';
import { type BatchJob, scrapeOne, skipped } from './scrape-one.js';

/** docs/reference/sites-batches-documents.md#limits. */
export const BATCH_BUDGET_MS = 20_000;
export const URL_TIMEOUT_MS = 8_000;

const REFUSED_CODES = new Set(['SSRF_BLOCKED', 'HOST_OPTED_OUT']);

export interface BatchRunOptions {
  concurrency: number;
  respectRobots: boolean;
  template?: readonly TemplateField[];
  deadline: Deadline;
  /** Told about each URL skipped, in the order they are decided. */
  onSkip(result: BatchResult): void;
}

/**
 * Runs a batch: `concurrency` workers take URLs in input order, preferring one whose host may be
 * fetched now (Crawl-delay is per host), so a slow host does not stall the rest. A URL starts only
 * while the 20 s budget lasts and gets at most 8 s (less when the budget is nearly spent); one not
 * started in time is `skipped`. Results come back in input order.
 */
export async function runBatch(
  env: FetchEnvironment,
  jobs: readonly BatchJob[],
  options: BatchRunOptions,
): Promise<BatchResult[]> {
  const politeness = new HostPoliteness(env);
  const results: BatchResult[] = new Array(jobs.length);
  const queue = [...jobs];

  const budgetSpent = (job: BatchJob) =>
    skipped(job, options.template, `not started: the batch's ${BATCH_BUDGET_MS / 1000} s budget was spent`);

  const runJob = async (job: BatchJob): Promise<BatchResult> => {
    if (options.deadline.expired()) return budgetSpent(job);
    const verdict = await politeness.verdict(job.url);
    if (!verdict.allowed) {
      if (verdict.unreachable && REFUSED_CODES.has(verdict.unreachable.code))
        return skipped(job, options.template, verdict.unreachable);
      if (options.respectRobots && !verdict.unreachable) {
        return skipped(
          job,
          options.template,
          `robots.txt disallows ${job.url} for ${env.config.ROBOTS_PRODUCT_TOKEN}; skipped`,
        );
      }
    }
    if (!(await politeness.turn(job.url, options.deadline, env.signal))) return budgetSpent(job);
    const timeoutMs = options.deadline.fetchTimeout(URL_TIMEOUT_MS);
    if (timeoutMs <= 0) return budgetSpent(job);
    return scrapeOne(env, job, {
      timeoutMs,
      respectRobots: options.respectRobots,
      template: options.template,
    });
  };

  const worker = async () => {
    for (;;) {
      const job = takeNext(queue, politeness);
      if (!job) return;
      const result = await runJob(job);
      if (result.status === 'skipped') options.onSkip(result);
      results[job.index] = result;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, jobs.length) }, worker));
  return results;
}

/** The first queued job whose host is free soonest (input order among equals). */
function takeNext(queue: BatchJob[], politeness: HostPoliteness): BatchJob | undefined {
  if (queue.length === 0) return undefined;
  let best = 0;
  let bestAt = politeness.readyAt(queue[0].url);
  for (let i = 1; i < queue.length && bestAt > Date.now(); i++) {
    const at = politeness.readyAt(queue[i].url);
    if (at < bestAt) {
      best = i;
      bestAt = at;
    }
  }
  return queue.splice(best, 1)[0];
}
