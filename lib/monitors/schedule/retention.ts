import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

const PRUNE_BATCH = 5_000;
const MAX_BATCHES = 20;

/**
 * Deletes checks older than their monitor's `retention_days` (their deliveries go with them);
 * baselines stay until the monitor is deleted. A running check is never pruned. Batched, so a
 * backlog is worked off over a few runs without one long statement.
 */
export async function pruneChecks(db: Database, now: Date): Promise<number> {
  let pruned = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const result = await db.execute(sql`
      WITH old AS (
        SELECT c.id FROM monitor_checks c
        JOIN monitors m ON m.id = c.monitor_id
        WHERE c.started_at < ${now.toISOString()}::timestamptz - interval '1 day'
          AND c.started_at < ${now.toISOString()}::timestamptz - make_interval(days => m.retention_days)
          AND c.status <> 'running'
        LIMIT ${PRUNE_BATCH}
      ), deleted AS (
        DELETE FROM monitor_checks USING old WHERE monitor_checks.id = old.id RETURNING 1
      )
      SELECT count(*)::int AS pruned FROM deleted`);
    const count = Number(rowsOf<{ pruned: number }>(result)[0]?.pruned ?? 0);
    pruned += count;
    if (count < PRUNE_BATCH) break;
  }
  return pruned;
}
