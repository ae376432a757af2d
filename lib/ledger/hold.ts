import type { Database } from '../db/client.js';
import { type PreparedStatement, runPrepared } from '../db/prepared.js';
import { newId } from '../ids.js';
import { RETURN_EXPIRED_HOLDS } from './expired-holds.js';

/**
 * A hold outlives its holder's budget by this much: room for the settle after a call that used all
 * of its time, short enough that a killed process's credits are back within two minutes.
 */
export const HOLD_MARGIN_SECONDS = 30;

/** A tool's function stops after 30 s (API Gateway's limit), so its hold expires a minute after it was taken. */
export const TOOL_FUNCTION_BUDGET_MS = 30_000;

/** The hold's lifetime for a holder that stops after `budgetMs`. */
export function holdExpirySeconds(budgetMs: number): number {
  return Math.ceil(budgetMs / 1000) + HOLD_MARGIN_SECONDS;
}

export interface HoldRequest {
  accountId: string;
  apiKeyId: string;
  tool: string;
  requestId: string;
  /** The firm price: the hold fails when the balance is below it. */
  amount: number;
  /** Take up to this much when the balance allows (conditional add-ons); defaults to `amount`. */
  ceiling?: number;
  /** How long the holder can run before it settles: its function's timeout (a tool's by default). */
  budgetMs?: number;
  /** A monitor check's hold: the monitor, carried to the usage row its settle writes. */
  monitorId?: string;
  /** Overrides the expiry the budget gives (tests of expiry). */
  ttlSeconds?: number;
}

export interface Hold {
  id: string;
  amount: number;
  /** Balance right after the hold was taken. */
  balance: number;
}

/**
 * $1 account, $2 firm amount, $3 ceiling, $4 hold id, $5 key id, $6 tool, $7 request id, $8 ttl,
 * $9 monitor id (null for a tool call).
 * The row lock taken by `current` makes its balance the value the UPDATE acts on. The account's
 * expired holds come back in the same statement, whether or not this hold is then taken.
 */
const takeHold: PreparedStatement = {
  name: 'ledger_take_hold_v3',
  text: `
    WITH current AS (
      SELECT balance FROM accounts WHERE id = $1 FOR UPDATE
    ), ${RETURN_EXPIRED_HOLDS}, funds AS (
      SELECT current.balance + returned.credits AS available, returned.credits AS returned,
        current.balance + returned.credits >= $2::int AS covered,
        LEAST(current.balance + returned.credits, $3::int) AS held
      FROM current, returned
    ), debit AS (
      UPDATE accounts SET balance = funds.available - CASE WHEN funds.covered THEN funds.held ELSE 0 END
      FROM funds
      WHERE accounts.id = $1 AND (funds.covered OR funds.returned > 0)
    ), hold AS (
      INSERT INTO credit_holds (id, account_id, api_key_id, tool, request_id, amount, status, expires_at, monitor_id)
      SELECT $4, $1, $5, $6, $7, funds.held, 'held', now() + make_interval(secs => $8::int), $9::text
      FROM funds WHERE funds.covered
    )
    SELECT available, covered, held FROM funds`,
};

/**
 * Takes credits out of the balance and records the hold, in one statement: the debit is
 * conditional on `balance >= amount`, so no interleaving of callers can push a balance below
 * zero, and a hold row exists exactly when the debit happened. It takes `ceiling` when the
 * balance allows, else whatever the balance holds above `amount`. The hold expires its holder's
 * budget plus a margin after it was taken. Null when the balance is short.
 */
export async function holdCredits(db: Database, request: HoldRequest): Promise<Hold | null> {
  const id = newId('hold');
  const ceiling = Math.max(request.amount, request.ceiling ?? request.amount);
  const [row] = await runPrepared<{ available: number; covered: boolean; held: number }>(db, takeHold, [
    request.accountId,
    request.amount,
    ceiling,
    id,
    request.apiKeyId,
    request.tool,
    request.requestId,
    request.ttlSeconds ?? holdExpirySeconds(request.budgetMs ?? TOOL_FUNCTION_BUDGET_MS),
    request.monitorId ?? null,
  ]);
  if (!row?.covered) return null;
  const held = Number(row.held);
  return { id, amount: held, balance: Number(row.available) - held };
}
