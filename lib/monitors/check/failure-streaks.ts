import { type FailureStreak, NO_FAILURES, type StoredBaseline } from '../../change-detection/baselines.js';
import type { PageResultRow } from '../../db/schema/index.js';
import type { TargetOutcome } from './fetch-target.js';

/**
 * A target's failing streak across checks: how many checks in a row it was `error` or `blocked`,
 * since when and why; when `alert_after_failures` is reached, one `monitor.target.failing` alert
 * for the streak, and `monitor.target.recovered` when it next answers. A target failing this many
 * checks in a row is fetched at most hourly until it recovers, so a monitor of dead pages does
 * not turn into a stream of free requests at someone else's server.
 */

const BACKOFF_AFTER_FAILURES = 6;
const BACKOFF_INTERVAL_MS = 3_600_000;

const FAILING = new Set(['error', 'blocked']);

export type TargetAlert = 'failing' | 'recovered' | null;

/** The outcome of a target in backoff: not fetched, reported as the error of its streak. */
export function backedOffOutcome(baseline: StoredBaseline | null, now: Date): TargetOutcome | null {
  const failures = baseline?.failures;
  if (!failures?.nextFetchAt || failures.nextFetchAt.getTime() <= now.getTime()) return null;
  return {
    kind: 'error',
    code: failures.code ?? 'FETCH_FAILED',
    message: `Not fetched: this target failed ${failures.streak} checks in a row since ${failures.since?.toISOString()}; it is tried at most hourly until it recovers (next after ${failures.nextFetchAt.toISOString()}).`,
  };
}

export function nextStreak(
  previous: FailureStreak,
  page: PageResultRow,
  backedOff: boolean,
  alertAfter: number | null,
  at: Date,
): { failures: FailureStreak; alert: TargetAlert } {
  if (backedOff) return { failures: previous, alert: null };
  if (!FAILING.has(page.status)) {
    return { failures: NO_FAILURES, alert: previous.alerted ? 'recovered' : null };
  }
  const streak = previous.streak + 1;
  const alert = alertAfter !== null && streak >= alertAfter && !previous.alerted ? 'failing' : null;
  return {
    failures: {
      streak,
      since: previous.since ?? at,
      code: page.error_code ?? (page.status === 'blocked' ? 'BLOCKED' : null),
      alerted: previous.alerted || alert === 'failing',
      nextFetchAt: streak >= BACKOFF_AFTER_FAILURES ? new Date(at.getTime() + BACKOFF_INTERVAL_MS) : null,
    },
    alert,
  };
}
