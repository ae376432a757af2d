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
  amount: number;
  ttlSeconds?: number;
}

export interface Hold {
  id: string;
  amount: number;
  /** Balance right after the hold was taken. */
  balance: number;
}

/**
 * Takes `amount` out of the balance and records the hold, in one statement: the debit is
 * conditional on `balance >= amount`, so no interleaving of callers can push a balance below
 * zero, and a hold row exists exactly when the debit happened. Null when the balance is short.
 */
export async function holdCredits(db: Database, request: HoldRequest): Promise<Hold | null> {
  const id = newId('hold');
  const ttl = request.ttlSeconds ?? HOLD_TTL_SECONDS;
  const result = await db.execute(sql`
    WITH debit AS (
      UPDATE accounts SET balance = balance - ${request.amount}
      WHERE id = ${request.accountId} AND balance >= ${request.amount}
      RETURNING balance
    ), hold AS (
      INSERT INTO credit_holds (id, account_id, api_key_id, tool, request_id, amount, status, expires_at)
      SELECT ${id}, ${request.accountId}, ${request.apiKeyId}, ${request.tool}, ${request.requestId},
             ${request.amount}, 'held', now() + make_interval(secs => ${ttl})
      FROM debit
      RETURNING id
    )
    SELECT debit.balance FROM debit, hold`);
  const [row] = rowsOf<{ balance: number }>(result);
  return row ? { id, amount: request.amount, balance: Number(row.balance) } : null;
}
