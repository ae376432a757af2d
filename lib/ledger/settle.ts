import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { newId } from '../ids.js';

export interface Settlement {
  holdId: string;
  /** Credits kept: the actual charge on success, 0 on any error. */
  charged: number;
  /** `success` or the error code the call ended with; written to the usage log. */
  outcome: string;
  durationMs: number;
}

/**
 * Settles a hold once: the `status = 'held'` guard makes a second settle (a double release, or a
 * commit racing the stale-hold sweep) change nothing. Refunds `amount - charged` and writes the
 * usage row in the same statement. Returns the balance after, or null if the hold was already
 * settled by someone else.
 */
export async function settleHold(db: Database, settlement: Settlement): Promise<number | null> {
  const status = settlement.outcome === 'success' ? 'committed' : 'released';
  const result = await db.execute(sql`
    WITH settled AS (
      UPDATE credit_holds
      SET status = ${status}, charged = LEAST(amount, ${settlement.charged}), settled_at = now()
      WHERE id = ${settlement.holdId} AND status = 'held'
      RETURNING account_id, api_key_id, tool, request_id, amount, charged
    ), refunded AS (
      UPDATE accounts SET balance = accounts.balance + (settled.amount - settled.charged)
      FROM settled WHERE accounts.id = settled.account_id
      RETURNING accounts.balance
    ), logged AS (
      INSERT INTO usage_log (id, account_id, api_key_id, tool, request_id, credits, outcome, duration_ms)
      SELECT ${newId('use')}, account_id, api_key_id, tool, request_id, charged, ${settlement.outcome},
             ${Math.round(settlement.durationMs)}
      FROM settled
    )
    SELECT balance FROM refunded`);
  const [row] = rowsOf<{ balance: number }>(result);
  return row ? Number(row.balance) : null;
}
