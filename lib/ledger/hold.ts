import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
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
 * Takes credits out of the balance and records the hold, in one statement: the debit is
 * conditional on `balance >= amount`, so no interleaving of callers can push a balance below
 * zero, and a hold row exists exactly when the debit happened. It takes `ceiling` when the
 * balance allows, else whatever the balance holds above `amount`. Null when the balance is short.
 */
export async function holdCredits(db: Database, request: HoldRequest): Promise<Hold | null> {
  const id = newId('hold');
  const ttl = request.ttlSeconds ?? HOLD_TTL_SECONDS;
  const ceiling = Math.max(request.amount, request.ceiling ?? request.amount);
  // The row lock taken by the sub-select makes `current.balance` the value the UPDATE acts on.
  const result = await db.execute(sql`
    WITH current AS (
      SELECT balance FROM accounts WHERE id = ${request.accountId} FOR UPDATE
    ), debit AS (
      UPDATE accounts SET balance = accounts.balance - LEAST(current.balance, ${ceiling})
      FROM current
      WHERE accounts.id = ${request.accountId} AND current.balance >= ${request.amount}
      RETURNING accounts.balance, LEAST(current.balance, ${ceiling}) AS held
    ), hold AS (
      INSERT INTO credit_holds (id, account_id, api_key_id, tool, request_id, amount, status, expires_at)
      SELECT ${id}, ${request.accountId}, ${request.apiKeyId}, ${request.tool}, ${request.requestId},
             debit.held, 'held', now() + make_interval(secs => ${ttl})
      FROM debit
      RETURNING id
    )
    SELECT debit.balance, debit.held FROM debit, hold`);
  const [row] = rowsOf<{ balance: number; held: number }>(result);
  return row ? { id, amount: Number(row.held), balance: Number(row.balance) } : null;
}
