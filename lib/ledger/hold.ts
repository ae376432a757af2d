import type { Database } from '../db/client.js';
import { type PreparedStatement, runPrepared } from '../db/prepared.js';
import { newId } from '../ids.js';

/** Long enough for any tool's ~30 s budget with room; a dead process's hold comes back after it. */
export const HOLD_TTL_SECONDS = 15 * 60;

export interface HoldRequest {
  accountId: string;
  apiKeyId: string;
  tool: string;
  requestId: string;
  /** The firm price: the hold fails when the balance is below it. */
  amount: number;
  /** Take up to this much when the balance allows (conditional add-ons); defaults to `amount`. */
  ceiling?: number;
  ttlSeconds?: number;
}

export interface Hold {
  id: string;
  amount: number;
  /** Balance right after the hold was taken. */
  balance: number;
}

/**
 * $1 account, $2 firm amount, $3 ceiling, $4 hold id, $5 key id, $6 tool, $7 request id, $8 ttl.
 * The row lock taken by the sub-select makes `current.balance` the value the UPDATE acts on.
 */
const takeHold: PreparedStatement = {
  name: 'ledger_take_hold_v1',
  text: `
    WITH current AS (
      SELECT balance FROM accounts WHERE id = $1 FOR UPDATE
    ), debit AS (
      UPDATE accounts SET balance = accounts.balance - LEAST(current.balance, $3::int)
      FROM current
      WHERE accounts.id = $1 AND current.balance >= $2::int
      RETURNING accounts.balance, LEAST(current.balance, $3::int) AS held
    ), hold AS (
      INSERT INTO credit_holds (id, account_id, api_key_id, tool, request_id, amount, status, expires_at)
      SELECT $4, $1, $5, $6, $7, debit.held, 'held', now() + make_interval(secs => $8::int)
      FROM debit
      RETURNING id
    )
    SELECT debit.balance, debit.held FROM debit, hold`,
};

/**
 * Takes credits out of the balance and records the hold, in one statement: the debit is
 * conditional on `balance >= amount`, so no interleaving of callers can push a balance below
 * zero, and a hold row exists exactly when the debit happened. It takes `ceiling` when the
 * balance allows, else whatever the balance holds above `amount`. Null when the balance is short.
 */
export async function holdCredits(db: Database, request: HoldRequest): Promise<Hold | null> {
  const id = newId('hold');
  const ceiling = Math.max(request.amount, request.ceiling ?? request.amount);
  const [row] = await runPrepared<{ balance: number; held: number }>(db, takeHold, [
    request.accountId,
    request.amount,
    ceiling,
    id,
    request.apiKeyId,
    request.tool,
    request.requestId,
    request.ttlSeconds ?? HOLD_TTL_SECONDS,
  ]);
  return row ? { id, amount: Number(row.held), balance: Number(row.balance) } : null;
}
