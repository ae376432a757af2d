import { and, eq, sql } from 'drizzle-orm';
import { monitorChecks, monitors } from '../../db/schema/index.js';
import { settleHold } from '../../ledger/index.js';
import { notifyCheck } from '../delivery/notify-check.js';
import type { CheckRuntime } from './check-runtime.js';

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
    if (monitor) await notifyCheck(rt, monitor, row, []);
  }
  return failed;
}
