import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { monitorChecks, monitors } from '../../db/schema/index.js';
import { newId } from '../../ids.js';
import { monitorNotFound } from '../api/monitors.js';
import { EMPTY_SUMMARY } from '../api/views.js';
import { nextRunAfter } from '../schedule/schedule.js';

/** The rows a check reads and writes: its monitor, and its own row in monitor_checks. */

export type MonitorRow = typeof monitors.$inferSelect;
export type CheckRow = typeof monitorChecks.$inferSelect;

export type CheckRequest =
  | { trigger: 'schedule'; monitorId: string; slot: Date }
  | { trigger: 'manual'; monitorId: string; accountId: string };

export async function loadMonitor(db: Database, request: CheckRequest): Promise<MonitorRow | null> {
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
export async function insertCheck(
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

export async function updateCheck(db: Database, id: string, values: Partial<CheckRow>): Promise<CheckRow> {
  const [row] = await db.update(monitorChecks).set(values).where(eq(monitorChecks.id, id)).returning();
  if (!row) throw new Error(`check ${id} disappeared (its monitor was deleted)`);
  return row;
}

export async function markMonitorChecked(db: Database, monitorId: string, at: Date): Promise<void> {
  await db.update(monitors).set({ lastCheckAt: at }).where(eq(monitors.id, monitorId));
}

/** Starts (a date) or ends (null) the monitor's streak of checks the balance could not cover. */
export async function markCreditsShort(db: Database, monitorId: string, since: Date | null): Promise<void> {
  await db.update(monitors).set({ creditsShortSince: since }).where(eq(monitors.id, monitorId));
}

/**
 * Stores the slot after the monitor's `next_run_at`, so the sweep that reaches that slot advances
 * the monitor without parsing its cron, and moves `due_at` (the sweep's index) to `next_run_at`:
 * the index entry the sweep's claim left alone is rewritten here, one row per check, off the
 * sweep's path. Conditional on the row still holding the slot it was computed from (a PATCH in
 * between computes its own).
 */
export async function storeFollowingSlot(db: Database, monitor: MonitorRow): Promise<void> {
  if (monitor.status !== 'active' || !monitor.nextRunAt || monitor.followingRunAt) return;
  const following = nextRunAfter(monitor.scheduleCron, monitor.timezone, monitor.nextRunAt);
  await db
    .update(monitors)
    .set({ followingRunAt: following, dueAt: monitor.nextRunAt })
    .where(
      and(
        eq(monitors.id, monitor.id),
        eq(monitors.nextRunAt, monitor.nextRunAt),
        isNull(monitors.followingRunAt),
      ),
    );
}
