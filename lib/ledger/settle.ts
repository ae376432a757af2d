import type { Database } from '../db/client.js';
import { type PreparedStatement, runPrepared } from '../db/prepared.js';
import { newId } from '../ids.js';
import { REQUEST_LOG_COLUMNS } from './request-log.js';

export interface Settlement {
  holdId: string;
  /** Credits kept: the actual charge on success, 0 on any error. */
  charged: number;
  /** `success` or the error code the call ended with; written to the usage log. */
  outcome: string;
  durationMs: number;
  /**
   * The HTTP status the call answers, for a call made over the API: the statement then writes its
   * request-log row too. A monitor's check has none and writes none.
   */
  status?: number;
}

/** $1 hold id, $2 new status, $3 charged, $4 usage id, $5 outcome, $6 duration ms, $7 HTTP status or null. */
const settle: PreparedStatement = {
  name: 'ledger_settle_hold_v3',
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
    ), requested AS (
      INSERT INTO ${REQUEST_LOG_COLUMNS}
      SELECT request_id, account_id, api_key_id, tool, $7::int, NULLIF($5, 'success'), charged, $6::int
      FROM settled WHERE $7::int IS NOT NULL
      ON CONFLICT (request_id) DO NOTHING
    )
    SELECT balance FROM refunded`,
};

/**
 * Settles a hold once: the `status = 'held'` guard makes a second settle (a double release, or a
 * commit racing the stale-hold sweep) change nothing. Refunds `amount - charged` and writes the
 * usage row (and, given a status, the request-log row) in the same statement. Returns the balance after, or null if the hold was already
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
    settlement.status ?? null,
  ]);
  return row ? Number(row.balance) : null;
}
