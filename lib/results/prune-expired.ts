import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

const PRUNE_BATCH = 2_000;
const MAX_BATCHES = 20;

/**
 * Deletes stored oversized results and batch_scrape batches past `expires_at`. Reads already
 * treat them as gone; this only keeps the tables from growing without bound. Batched on the
 * expiry indexes, so a backlog is worked off over a few sweeps without one long statement.
 */
export async function pruneExpiredResults(db: Database, now: Date): Promise<number> {
  let pruned = 0;
  for (const table of [sql`stored_results`, sql`batches`]) {
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const result = await db.execute(sql`
        WITH expired AS (
          SELECT id FROM ${table} WHERE expires_at < ${now.toISOString()}::timestamptz LIMIT ${PRUNE_BATCH}
        ), deleted AS (
          DELETE FROM ${table} t USING expired WHERE t.id = expired.id RETURNING 1
        )
        SELECT count(*)::int AS pruned FROM deleted`);
      const count = Number(rowsOf<{ pruned: number }>(result)[0]?.pruned ?? 0);
      pruned += count;
      if (count < PRUNE_BATCH) break;
    }
  }
  return pruned;
}
