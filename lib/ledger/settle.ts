import type { Database } from '../db/client.js';
import { type PreparedStatement, runPrepared } from '../db/prepared.js';
import { newId } from '../ids.js';

export interface Settlement {
  holdId: string;
  /** Credits kept: the actual charge on success, 0 on any error. */
  charged: number;
  /** `success` or the error code the call ended with; written to the usage log. */
  outcome: string;
  durationMs: number;
}

/** $1 hold id, $2 new status, $3 charged, $4 usage id, $5 outcome, $6 duration ms. */
const settle: PreparedStatement = {
  name: 'ledger_settle_hold_v2',
  text: `
    WITH settled AS (
      UPDATE credit_holds
      SET status = $2, charged = LEAST(amount, $3::int), settled_at = now()
      WHERE id = $1 AND status = 'held'
      RETURNING account_id, api_key_id, tool, request_id, amount, charged, monitor_id
    ), refunded AS (
      UPDATE accounts SET balance = accounts.balance + (settled.amount - settled.charged)
      FROM settled WHERE accounts.id = settled.account_id
      RETURNING accounts.balance
    ), logged AS (
      INSERT INTO usage_log (id, account_id, api_key_id, tool, request_id, credits, outcome, duration_ms, monitor_id)
      SELECT $4, account_id, api_key_id, tool, request_id, charged, $5, $6::int, monitor_id
      FROM settled
    )
    SELECT balance FROM refunded`,
};

/**
 * Settles a hold once: the `status = 'held'` guard makes a second settle (a double release, or a
 * commit racing the stale-hold sweep) change nothing. Refunds `amount - charged` and writes the
 * usage row in the same statement. Returns the balance after, or null if the hold was already
 * settled by someone else.
 */
export async function settleHold(db: Database, settlement: Settlement): Promise<number | null> {
  const [row] = await runPrepared<{ balance: number }>(db, settle, [
    settlement.holdId,
    settlement.outcome === 'success' ? 'committed' : 'released',
    settlement.charged,
    newId('use'),
    settlement.outcome,
    Math.round(settlement.durationMs),
  ]);
  return row ? Number(row.balance) : null;
}
