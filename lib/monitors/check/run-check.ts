import { CREDITS_PER_TARGET } from '../../change-detection/pricing.js';
import { ApiError } from '../../errors/api-error.js';
import { holdCredits, requestAutoRecharge, settleHold } from '../../ledger/index.js';
import { logger } from '../../logger.js';
import { notifyCheck } from '../delivery/notify-check.js';
import { checkTargets, rollBaselines, summarize } from './check-pages.js';
import {
  type CheckRequest,
  type CheckRow,
  insertCheck,
  loadMonitor,
  markCreditsShort,
  markMonitorChecked,
  storeFollowingSlot,
  updateCheck,
} from './check-rows.js';
import type { CheckRuntime } from './check-runtime.js';

export type { CheckRequest, CheckRow };

/** The check worker's timeout (infra/monitors.ts): a killed check's hold comes back this long plus a margin after it was taken. */
const CHECK_WORKER_BUDGET_MS = 90_000;

/**
 * One check of one monitor, §3.1 end to end: claim the monitor's running slot (the database's
 * unique index decides overlap), hold 3 credits per target, fetch every target at once, compare,
 * charge 3 per new/changed/unchanged page and release the rest, roll baselines forward, then
 * deliver the webhooks and the email. Everything is awaited: a Lambda returns when it is done.
 * Returns the check, or null for a scheduled message with nothing to do (monitor gone or paused,
 * slot seen).
 */
export async function runCheck(rt: CheckRuntime, request: CheckRequest): Promise<CheckRow | null> {
  const { db } = rt.services;
  const monitor = await loadMonitor(db, request);
  if (!monitor) return null;
  const startedAt = rt.now();
  const started = performance.now();
  const slot = request.trigger === 'schedule' ? request.slot : null;
  const claimed = await insertCheck(db, monitor, request.trigger, slot, 'running', startedAt);
  if (!claimed) {
    if (request.trigger === 'manual') {
      throw new ApiError(
        'MONITOR_RUNNING',
        `A check of monitor ${monitor.id} is in progress; try again when it ends.`,
      );
    }
    const skipped = await insertCheck(db, monitor, request.trigger, slot, 'skipped_overlap', startedAt);
    if (skipped) await notifyCheck(rt, monitor, skipped, []);
    return skipped;
  }
  await markMonitorChecked(db, monitor.id, startedAt);
  await storeFollowingSlot(db, monitor);

  const amount = CREDITS_PER_TARGET * monitor.targets.length;
  const hold = await holdCredits(db, {
    accountId: monitor.accountId,
    apiKeyId: monitor.apiKeyId,
    tool: 'track_changes',
    requestId: claimed.id,
    amount,
    budgetMs: CHECK_WORKER_BUDGET_MS,
  });
  if (!hold) {
    await requestAutoRecharge(db, monitor.accountId);
    const short = await updateCheck(db, claimed.id, {
      status: 'insufficient_credits',
      finishedAt: rt.now(),
      error: `The balance does not cover the hold of ${amount} credits (${CREDITS_PER_TARGET} per target); nothing was fetched.`,
    });
    // Every slot of an empty balance is recorded, but only the first of the streak is announced.
    if (!monitor.creditsShortSince) {
      await markCreditsShort(db, monitor.id, short.finishedAt);
      await notifyCheck(rt, monitor, short, []);
    }
    return short;
  }
  if (monitor.creditsShortSince) await markCreditsShort(db, monitor.id, null);
  await updateCheck(db, claimed.id, { creditsReserved: hold.amount, holdId: hold.id });

  let settled: number | null = null;
  try {
    const pages = await checkTargets(rt, monitor, claimed.id);
    const charged = pages.filter((page) => page.charged).length * CREDITS_PER_TARGET;
    const balance = await settleHold(db, {
      holdId: hold.id,
      charged,
      outcome: 'success',
      durationMs: performance.now() - started,
    });
    if (balance === null) throw new Error('the credit hold expired before the check finished');
    settled = charged;
    const completed = await updateCheck(db, claimed.id, {
      status: 'completed',
      finishedAt: rt.now(),
      summary: summarize(pages.map((page) => page.result)),
      creditsCharged: charged,
      pages: pages.map((page) => page.result),
    });
    await rollBaselines(db, monitor, pages, completed.finishedAt!);
    await notifyCheck(rt, monitor, completed, pages);
    return completed;
  } catch (error) {
    logger.error('check failed', { checkId: claimed.id, monitorId: monitor.id, error: String(error) });
    if (settled === null) {
      await settleHold(db, { holdId: hold.id, charged: 0, outcome: 'CHECK_FAILED', durationMs: 0 }).catch(
        () => {},
      );
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
}
