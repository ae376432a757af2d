import {
  baselineKey,
  type FailureStreak,
  NO_FAILURES,
  readBaselines,
  writeBaselines,
} from '../../change-detection/baselines.js';
import { type Comparison, compareWithBaseline } from '../../change-detection/compare.js';
import { CREDITS_PER_TARGET } from '../../change-detection/pricing.js';
import type { Database } from '../../db/client.js';
import type { CheckSummaryRow, PageResultRow } from '../../db/schema/index.js';
import { logger } from '../../logger.js';
import { EMPTY_SUMMARY } from '../api/views.js';
import type { MonitorRow } from './check-rows.js';
import type { CheckRuntime } from './check-runtime.js';
import { backedOffOutcome, nextStreak, type TargetAlert } from './failure-streaks.js';
import { fetchTarget, type TargetOutcome } from './fetch-target.js';
import { JUDGE_CREDITS, type JudgeConfig, judgeChange } from './judge-goal.js';

/** The pages of a check: every target fetched at once, compared with its baseline, shaped for docs/reference/monitors.md#checks-and-pages. */

const CHARGED_STATUSES = new Set(['new', 'changed', 'unchanged']);

export interface CheckedPage {
  result: PageResultRow;
  charged: boolean;
  outcome: TargetOutcome;
  key: string;
  previousStatus: string | null;
  /** The target's failing streak after this check, and the alert it sends, if any. */
  failures: FailureStreak;
  alert: TargetAlert;
  /** A model judged this changed page against the monitor's goal (1 credit more). */
  judged: boolean;
}

/** Credits a check keeps for its pages: 3 per new/changed/unchanged page, 1 more per judged page. */
export function creditsFor(pages: readonly CheckedPage[]): number {
  return pages.reduce(
    (sum, page) => sum + (page.charged ? CREDITS_PER_TARGET : 0) + (page.judged ? JUDGE_CREDITS : 0),
    0,
  );
}

/** With a goal, every changed page is judged (at once); the others are left as they are. */
async function judgePages(
  config: JudgeConfig,
  goal: string | null,
  pages: CheckedPage[],
): Promise<CheckedPage[]> {
  if (!goal) return pages;
  return Promise.all(
    pages.map(async (page) => {
      if (page.result.status !== 'changed') return page;
      const { judged, ...judgement } = await judgeChange(config, goal, page.result);
      return { ...page, judged, result: { ...page.result, ...judgement } };
    }),
  );
}

export async function checkTargets(
  rt: CheckRuntime,
  monitor: MonitorRow,
  checkId: string,
): Promise<CheckedPage[]> {
  const keys = monitor.targets.map((target) => baselineKey(monitor.accountId, monitor.id, target));
  const baselines = await readBaselines(rt.services.db, keys);
  const now = rt.now();
  const outcomes = await Promise.all(
    monitor.targets.map(async (target, index) => {
      const backedOff = backedOffOutcome(baselines.get(keys[index]) ?? null, now);
      if (backedOff) return { outcome: backedOff, backedOff: true, durationMs: 0 };
      const started = performance.now();
      const outcome = await fetchTarget(rt.fetchEnvironment(), target, rt.targetTimeoutMs).catch(
        (error: unknown): TargetOutcome => {
          logger.error('target check failed', { checkId, url: target.url, error: String(error) });
          return { kind: 'error', code: 'INTERNAL_ERROR', message: 'The page could not be processed.' };
        },
      );
      return { outcome, backedOff: false, durationMs: Math.round(performance.now() - started) };
    }),
  );
  const pages = monitor.targets.map((target, index) => {
    const { outcome, backedOff, durationMs } = outcomes[index];
    const baseline = baselines.get(keys[index]) ?? null;
    const result = pageResult(target, outcome, baseline, durationMs, monitor.minChangePercent);
    const previous = baseline?.failures ?? NO_FAILURES;
    return {
      result,
      charged: result.charged,
      outcome,
      key: keys[index],
      previousStatus: baseline?.lastStatus ?? null,
      ...nextStreak(previous, result, backedOff, monitor.alertAfterFailures, now),
      judged: false,
    };
  });
  return judgePages(rt.services.config, monitor.goal, pages);
}

export function pageResult(
  target: { url: string; selector?: string },
  outcome: TargetOutcome,
  baseline: Parameters<typeof compareWithBaseline>[1],
  durationMs: number,
  minChangePercent = 0,
): PageResultRow {
  const base = {
    url: target.url,
    selector: target.selector ?? null,
    change_percent: null,
    structural_similarity: null,
    added_count: null,
    removed_count: null,
    added_samples: [],
    removed_samples: [],
    content_hash: null,
    error_code: null,
    error: null,
    blocked_vendor: null,
    duration_ms: durationMs,
  };
  if (outcome.kind === 'blocked') {
    return {
      ...base,
      status: 'blocked',
      blocked_vendor: outcome.vendor,
      error: outcome.message,
      charged: false,
    };
  }
  if (outcome.kind === 'error') {
    return { ...base, status: 'error', error_code: outcome.code, error: outcome.message, charged: false };
  }
  const comparison = belowThreshold(compareWithBaseline(outcome.capture, baseline, true), minChangePercent);
  return { ...base, ...comparison, charged: CHARGED_STATUSES.has(comparison.status) };
}

/**
 * A change smaller than the monitor's `min_change_percent` is reported as `unchanged`. The page
 * keeps its baseline (only `new` and `changed` roll it forward), so the next check is compared
 * with the same old capture and small changes add up until they cross the threshold.
 */
function belowThreshold(comparison: Comparison, minChangePercent: number): Comparison {
  if (comparison.status !== 'changed' || (comparison.change_percent ?? 0) >= minChangePercent) {
    return comparison;
  }
  const { diff_hunks: _hidden, ...kept } = comparison;
  return {
    ...kept,
    status: 'unchanged',
    change_percent: null,
    structural_similarity: null,
    added_count: 0,
    removed_count: 0,
    added_samples: [],
    removed_samples: [],
  };
}

export function summarize(pages: PageResultRow[]): CheckSummaryRow {
  const summary = { ...EMPTY_SUMMARY, total: pages.length };
  for (const page of pages) {
    if (page.status === 'error') summary.errored += 1;
    else summary[page.status] += 1;
  }
  return summary;
}

export async function rollBaselines(db: Database, monitor: MonitorRow, pages: CheckedPage[], at: Date) {
  await writeBaselines(
    db,
    pages.map((page, index) => ({
      key: page.key,
      accountId: monitor.accountId,
      monitorId: monitor.id,
      target: monitor.targets[index],
      status: page.result.status,
      capture:
        page.outcome.kind === 'content' && (page.result.status === 'new' || page.result.status === 'changed')
          ? page.outcome.capture
          : undefined,
      failures: page.failures,
      at,
    })),
  );
}
