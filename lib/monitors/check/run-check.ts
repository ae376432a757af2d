import { creditsPerTarget } from '../../change-detection/pricing.js';
import { holdCredits, settleHold } from '../../ledger/index.js';
import { notifyCheck } from '../delivery/notify-check.js';
import { endFailed, endOverlapping, endShortOfCredits } from './check-endings.js';
import { checkTargets, creditsFor, rollBaselines, summarize } from './check-pages.js';
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
 * One check of one monitor, end to end (docs/reference/monitors.md#checks-and-pages): claim the monitor's running slot (the database's
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
  if (!claimed) return endOverlapping(rt, monitor, request, slot, startedAt);
  await markMonitorChecked(db, monitor.id, startedAt);
  await storeFollowingSlot(db, monitor);

  const amount = creditsPerTarget(monitor) * monitor.targets.length;
  const { accountId, apiKeyId } = monitor;
  const hold = await holdCredits(db, {
    accountId,
    apiKeyId,
    tool: 'track_changes',
    requestId: claimed.id,
    monitorId: monitor.id,
    amount,
    budgetMs: CHECK_WORKER_BUDGET_MS,
  });
  if (!hold) return endShortOfCredits(rt, monitor, claimed, amount);
  if (monitor.creditsShortSince) await markCreditsShort(db, monitor.id, null);
  await updateCheck(db, claimed.id, { creditsReserved: hold.amount, holdId: hold.id });

  let settled: number | null = null;
  try {
    const pages = await checkTargets(rt, monitor, claimed.id);
    const charged = creditsFor(pages);
    const durationMs = performance.now() - started;
    const balance = await settleHold(db, { holdId: hold.id, charged, outcome: 'success', durationMs });
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
    return endFailed(rt, monitor, claimed, hold.id, settled, error);
  }
}
