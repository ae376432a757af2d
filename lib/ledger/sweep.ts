import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/** Batches per run: up to 10,000 holds, far more than a five-minute tick ever finds. */
const MAX_BATCHES = 20;
const BATCH_SIZE = 500;

/**
 * Gives back the credits of holds whose process died between hold and settle, batch after batch
 * until none is left (or the run's cap), so a backlog never hides a fresh stale hold behind older
 * ones. Returns how many were released.
 */
export async function releaseStaleHolds(db: Database, asOf: Date = new Date()): Promise<number> {
  let released = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const count = await releaseStaleBatch(db, asOf, BATCH_SIZE);
    released += count;
    if (count < BATCH_SIZE) break;
  }
  return released;
}

/**
 * One statement per batch. SKIP LOCKED lets two sweepers run at once without waiting on, or
 * double-refunding, the same rows.
 */
async function releaseStaleBatch(db: Database, asOf: Date, batchSize: number): Promise<number> {
  const result = await db.execute(sql`
    WITH stale AS (
      SELECT id FROM credit_holds
      WHERE status = 'held' AND expires_at < ${asOf.toISOString()}::timestamptz
      ORDER BY expires_at
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    ), expired AS (
      UPDATE credit_holds SET status = 'expired', charged = 0, settled_at = now()
      FROM stale WHERE credit_holds.id = stale.id
      RETURNING credit_holds.account_id, credit_holds.amount
    ), per_account AS (
      SELECT account_id, sum(amount)::int AS amount FROM expired GROUP BY account_id
    ), refunded AS (
      UPDATE accounts SET balance = accounts.balance + per_account.amount
      FROM per_account WHERE accounts.id = per_account.account_id
      RETURNING accounts.id
    )
    SELECT (SELECT count(*) FROM expired)::int AS released, (SELECT count(*) FROM refunded)::int AS accounts`);
  const [row] = rowsOf<{ released: number }>(result);
  return Number(row?.released ?? 0);
}
