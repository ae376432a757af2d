import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { type CheckSummaryRow, monitorChecks, monitors, type PageResultRow } from '../db/schema/index.js';
import { ApiError } from '../errors/api-error.js';
import { newId } from '../ids.js';
import { holdCredits, requestAutoRecharge, settleHold } from '../ledger/index.js';
import { logger } from '../logger.js';
import { checkCompletedEvent, pageEvent } from '../webhooks/payloads.js';
import { baselineKey, readBaselines, writeBaselines } from './baselines.js';
import { changeEmail, notableResults } from './change-email.js';
import type { CheckRuntime } from './check-runtime.js';
import { compareWithBaseline } from './compare.js';
import { fetchTarget, type TargetOutcome } from './fetch-target.js';
import { monitorNotFound } from './monitors.js';
import { CREDITS_PER_TARGET } from './pricing.js';
import { checkView, EMPTY_SUMMARY } from './views.js';

/** The check worker's timeout (infra/monitors.ts): a killed check's hold comes back this long plus a margin after it was taken. */
const CHECK_WORKER_BUDGET_MS = 90_000;

/**
 * One check of one monitor, §3.1 end to end: claim the monitor's running slot (the database's
 * unique index decides overlap), hold 3 credits per target, fetch every target at once, compare,
 * charge 3 per new/changed/unchanged page and release the rest, roll baselines forward, then
 * deliver the webhooks and the email. Everything is awaited: a Lambda returns when it is done.
 */

type MonitorRow = typeof monitors.$inferSelect;
export type CheckRow = typeof monitorChecks.$inferSelect;

export type CheckRequest =
  | { trigger: 'schedule'; monitorId: string; slot: Date }
  | { trigger: 'manual'; monitorId: string; accountId: string };

const CHARGED_STATUSES = new Set(['new', 'changed', 'unchanged']);

/** Returns the check, or null for a scheduled message with nothing to do (monitor gone or paused, slot seen). */
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
    if (skipped) await finishQuietly(rt, monitor, skipped, []);
    return skipped;
  }
  await db.update(monitors).set({ lastCheckAt: startedAt }).where(eq(monitors.id, monitor.id));

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
    await finishQuietly(rt, monitor, short, []);
    return short;
  }
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
    await finishQuietly(rt, monitor, completed, pages);
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
    await finishQuietly(rt, monitor, failed, []);
    return failed;
  }
}

async function loadMonitor(db: Database, request: CheckRequest): Promise<MonitorRow | null> {
  if (request.trigger === 'manual') {
    const [row] = await db
      .select()
      .from(monitors)
      .where(and(eq(monitors.id, request.monitorId), eq(monitors.accountId, request.accountId)));
    if (!row) throw monitorNotFound(request.monitorId);
    return row;
  }
  const [row] = await db.select().from(monitors).where(eq(monitors.id, request.monitorId));
  // A slot queued before a pause or a delete does not run.
  return row && row.status === 'active' ? row : null;
}

/** The insert is the claim: the partial unique indexes refuse a second running check or slot. */
async function insertCheck(
  db: Database,
  monitor: MonitorRow,
  trigger: string,
  slot: Date | null,
  status: 'running' | 'skipped_overlap',
  at: Date,
): Promise<CheckRow | null> {
  const [row] = await db
    .insert(monitorChecks)
    .values({
      id: newId('chk'),
      monitorId: monitor.id,
      accountId: monitor.accountId,
      trigger,
      slot,
      status,
      startedAt: at,
      finishedAt: status === 'running' ? null : at,
      summary: { ...EMPTY_SUMMARY, total: status === 'running' ? monitor.targets.length : 0 },
      error: status === 'skipped_overlap' ? 'The previous check of this monitor was still running.' : null,
      pages: [],
    })
    .onConflictDoNothing()
    .returning();
  if (row && status === 'skipped_overlap') {
    await db.update(monitors).set({ lastCheckAt: at }).where(eq(monitors.id, monitor.id));
  }
  return row ?? null;
}

async function updateCheck(db: Database, id: string, values: Partial<CheckRow>): Promise<CheckRow> {
  const [row] = await db.update(monitorChecks).set(values).where(eq(monitorChecks.id, id)).returning();
  if (!row) throw new Error(`check ${id} disappeared (its monitor was deleted)`);
  return row;
}

interface CheckedPage {
  result: PageResultRow;
  charged: boolean;
  outcome: TargetOutcome;
  key: string;
  previousStatus: string | null;
}

async function checkTargets(rt: CheckRuntime, monitor: MonitorRow, checkId: string): Promise<CheckedPage[]> {
  const keys = monitor.targets.map((target) => baselineKey(monitor.accountId, monitor.id, target));
  const [baselines, outcomes] = await Promise.all([
    readBaselines(rt.services.db, keys),
    Promise.all(
      monitor.targets.map(async (target) => {
        const started = performance.now();
        const outcome = await fetchTarget(rt.fetchEnvironment(), target, rt.targetTimeoutMs).catch(
          (error: unknown): TargetOutcome => {
            logger.error('target check failed', { checkId, url: target.url, error: String(error) });
            return { kind: 'error', code: 'INTERNAL_ERROR', message: 'The page could not be processed.' };
          },
        );
        return { outcome, durationMs: Math.round(performance.now() - started) };
      }),
    ),
  ]);
  return monitor.targets.map((target, index) => {
    const { outcome, durationMs } = outcomes[index];
    const baseline = baselines.get(keys[index]) ?? null;
    const result = pageResult(target, outcome, baseline, durationMs);
    return {
      result,
      charged: result.charged,
      outcome,
      key: keys[index],
      previousStatus: baseline?.lastStatus ?? null,
    };
  });
}

export function pageResult(
  target: { url: string; selector?: string },
  outcome: TargetOutcome,
  baseline: Parameters<typeof compareWithBaseline>[1],
  durationMs: number,
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
  const comparison = compareWithBaseline(outcome.capture, baseline);
  return { ...base, ...comparison, charged: CHARGED_STATUSES.has(comparison.status) };
}

function summarize(pages: PageResultRow[]): CheckSummaryRow {
  const summary = { ...EMPTY_SUMMARY, total: pages.length };
  for (const page of pages) {
    if (page.status === 'error') summary.errored += 1;
    else summary[page.status] += 1;
  }
  return summary;
}

async function rollBaselines(db: Database, monitor: MonitorRow, pages: CheckedPage[], at: Date) {
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
      at,
    })),
  );
}

/**
 * Webhooks and email for a check that reached its end. Their failures never change the check:
 * deliveries carry their own log and retries; a failed email is logged.
 */
async function finishQuietly(rt: CheckRuntime, monitor: MonitorRow, check: CheckRow, pages: CheckedPage[]) {
  const at = check.finishedAt ?? rt.now();
  if (monitor.webhookUrl) {
    try {
      const events = [
        ...pages.map((page) => ({
          event: 'monitor.page' as const,
          payload: pageEvent(monitor, check.id, page.result, at),
        })),
        {
          event: 'monitor.check.completed' as const,
          payload: checkCompletedEvent(monitor, checkView(check, {}), at),
        },
      ];
      await rt.deliver(check, monitor.webhookUrl, events);
    } catch (error) {
      logger.error('webhook deliveries failed', { checkId: check.id, error: String(error) });
    }
  }
  const previous = new Map(pages.map((page) => [page.result, page.previousStatus]));
  const email = changeEmail(
    monitor,
    { id: check.id, finishedAt: at },
    notableResults(
      pages.map((page) => page.result),
      (page) => previous.get(page) ?? null,
    ),
  );
  if (email) {
    await rt.mailer
      .send(email)
      .catch((error) => logger.error('monitor email failed', { checkId: check.id, error: String(error) }));
  }
}

/** Sweeper: checks whose worker died keep `running`; they are failed and their holds released. */
export async function failStaleChecks(rt: CheckRuntime, olderThan: Date, limit = 500): Promise<number> {
  const { db } = rt.services;
  const stale = await db
    .select()
    .from(monitorChecks)
    .where(
      and(
        eq(monitorChecks.status, 'running'),
        sql`${monitorChecks.startedAt} < ${olderThan.toISOString()}::timestamptz`,
      ),
    )
    .limit(limit);
  let failed = 0;
  for (const check of stale) {
    const [row] = await db
      .update(monitorChecks)
      .set({
        status: 'failed',
        finishedAt: rt.now(),
        error: 'The check did not finish: its worker stopped before completing it.',
      })
      .where(and(eq(monitorChecks.id, check.id), eq(monitorChecks.status, 'running')))
      .returning();
    if (!row) continue;
    failed += 1;
    if (row.holdId) {
      await settleHold(db, { holdId: row.holdId, charged: 0, outcome: 'CHECK_FAILED', durationMs: 0 });
    }
    const [monitor] = await db.select().from(monitors).where(eq(monitors.id, row.monitorId));
    if (monitor) await finishQuietly(rt, monitor, row, []);
  }
  return failed;
}
