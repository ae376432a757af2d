import type { Database } from '../db/client.js';
import { type PreparedStatement, runPrepared } from '../db/prepared.js';
import { errorCodes } from '../errors/codes.js';
import { newId } from '../ids.js';
import { RETURN_EXPIRED_HOLDS } from './expired-holds.js';
import { REQUEST_LOG_COLUMNS } from './request-log.js';

export interface Charge {
  accountId: string;
  apiKeyId: string;
  tool: string;
  requestId: string;
  /** The firm price: the charge is taken only when the balance covers it. */
  price: number;
  /** Credits taken: the price, or less when the call used less. */
  credits: number;
  durationMs: number;
}

/** After the statement: whether it charged, and the balance the account was left with. */
export interface ChargeResult {
  charged: boolean;
  balance: number;
  /** Whether the statement wrote the call's request-log row (it found the account). */
  logged: boolean;
}

/**
 * $1 account, $2 price, $3 credits, $4 usage id, $5 key id, $6 tool, $7 request id, $8 duration ms.
 * The usage row is written by the same statement and only when the debit is, so a call is charged
 * and logged together or not at all. The request-log row is written either way: the call's 200 with
 * its credits, or the 402 it then answers at 0.
 */
const chargeAfterRun: PreparedStatement = {
  name: 'ledger_charge_after_run_v2',
  text: `
    WITH current AS (
      SELECT balance FROM accounts WHERE id = $1 FOR UPDATE
    ), ${RETURN_EXPIRED_HOLDS}, funds AS (
      SELECT current.balance + returned.credits AS available, returned.credits AS returned,
        current.balance + returned.credits >= GREATEST($2::int, $3::int) AS covered
      FROM current, returned
    ), debit AS (
      UPDATE accounts SET balance = funds.available - CASE WHEN funds.covered THEN $3::int ELSE 0 END
      FROM funds
      WHERE accounts.id = $1 AND (funds.covered OR funds.returned > 0)
    ), logged AS (
      INSERT INTO usage_log (id, account_id, api_key_id, tool, request_id, credits, outcome, duration_ms)
      SELECT $4, $1, $5, $6, $7, $3::int, 'success', $8::int
      FROM funds WHERE funds.covered
    ), requested AS (
      INSERT INTO ${REQUEST_LOG_COLUMNS}
      SELECT $7, $1, $5, $6,
        CASE WHEN funds.covered THEN 200 ELSE ${errorCodes.INSUFFICIENT_CREDITS} END,
        CASE WHEN funds.covered THEN NULL ELSE 'INSUFFICIENT_CREDITS' END,
        CASE WHEN funds.covered THEN $3::int ELSE 0 END, $8::int
      FROM funds
      ON CONFLICT (request_id) DO NOTHING
    )
    SELECT available, covered FROM funds`,
};

/**
 * The whole ledger side of a call that ran before paying (a tool with a price known up front and no
 * cost outside the process): one conditional statement takes the charge and writes the usage row
 * when the balance covers the price, and changes nothing when it does not. Nothing is written
 * before the tool runs, so a process that dies before this statement has charged nothing.
 */
export async function chargeAfterRunning(db: Database, charge: Charge): Promise<ChargeResult> {
  const [row] = await runPrepared<{ available: number; covered: boolean }>(db, chargeAfterRun, [
    charge.accountId,
    charge.price,
    charge.credits,
    newId('use'),
    charge.apiKeyId,
    charge.tool,
    charge.requestId,
    Math.round(charge.durationMs),
  ]);
  if (!row) return { charged: false, balance: 0, logged: false };
  const available = Number(row.available);
  return row.covered
    ? { charged: true, balance: available - charge.credits, logged: true }
    : { charged: false, balance: available, logged: true };
}
