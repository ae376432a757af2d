import { creditsPerTarget } from '../../change-detection/pricing.js';
import { ApiError } from '../../errors/api-error.js';
import { requestAutoRecharge, settleHold } from '../../ledger/index.js';
import { logger } from '../../logger.js';
import { notifyCheck } from '../delivery/notify-check.js';
import {
  type CheckRequest,
  type CheckRow,
  insertCheck,
  type MonitorRow,
  markCreditsShort,
  updateCheck,
} from './check-rows.js';
import type { CheckRuntime } from './check-runtime.js';

/** The ways a check ends short of comparing its pages, each recorded and announced as docs/reference/monitors.md#checks-and-pages says. */

/** Another check of the monitor runs: run-now answers 409; a scheduled slot is recorded as skipped. */
export async function endOverlapping(
  rt: CheckRuntime,
  monitor: MonitorRow,
  request: CheckRequest,
  slot: Date | null,
  at: Date,
): Promise<CheckRow | null> {
  if (request.trigger === 'manual') {
    throw new ApiError(
      'MONITOR_RUNNING',
      `A check of monitor ${monitor.id} is in progress; try again when it ends.`,
    );
  }
  const skipped = await insertCheck(rt.services.db, monitor, request.trigger, slot, 'skipped_overlap', at);
  if (skipped) await notifyCheck(rt, monitor, skipped, []);
  return skipped;
}

/**
 * The balance does not cover the hold: nothing is fetched. Every slot of an empty balance is
 * recorded, but only the first of the streak is announced.
 */
export async function endShortOfCredits(
  rt: CheckRuntime,
  monitor: MonitorRow,
  claimed: CheckRow,
  amount: number,
): Promise<CheckRow> {
  const { db } = rt.services;
  await requestAutoRecharge(db, monitor.accountId);
  const short = await updateCheck(db, claimed.id, {
    status: 'insufficient_credits',
    finishedAt: rt.now(),
    error: `The balance does not cover the hold of ${amount} credits (${creditsPerTarget(monitor)} per target); nothing was fetched.`,
  });
  if (!monitor.creditsShortSince) {
    await markCreditsShort(db, monitor.id, short.finishedAt);
    await notifyCheck(rt, monitor, short, []);
  }
  return short;
}

/** Something broke mid-check: the hold is released unless it was settled, and the check is failed. */
export async function endFailed(
  rt: CheckRuntime,
  monitor: MonitorRow,
  claimed: CheckRow,
  holdId: string,
  settled: number | null,
  error: unknown,
): Promise<CheckRow> {
  const { db } = rt.services;
  logger.error('check failed', { checkId: claimed.id, monitorId: monitor.id, error: String(error) });
  if (settled === null) {
    await settleHold(db, { holdId, charged: 0, outcome: 'CHECK_FAILED', durationMs: 0 }).catch(() => {});
  }
  const failed = await updateCheck(db, claimed.id, {
    status: 'failed',
    finishedAt: rt.now(),
    creditsCharged: settled ?? 0,
    error: `The check could not finish: ${error instanceof Error ? error.message : String(error)}`,
  });
  await notifyCheck(rt, monitor, failed, []);
  return failed;
}
