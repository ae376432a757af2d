import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { errorCodes } from '../errors/codes.js';

/**
 * Undoes a charge taken while the call's rate decision was still on the way, once that decision
 * refused it: the usage row goes (a 429 leaves none), its credits go back, and the request-log row
 * the charge wrote is turned into the refusal at 0 credits, as a call refused before it ran reads.
 * Keyed by the usage row, so a second refund of the same charge finds nothing to give back. With no
 * usage row (the charge found the balance short) it only rewrites the request-log row.
 * Returns the balance the refund left, or null when there was nothing to give back.
 */
export async function refundRefusedCharge(
  db: Database,
  refund: { accountId: string; usageId: string | null; requestId: string; durationMs: number },
): Promise<number | null> {
  const result = await db.execute(sql`
    WITH removed AS (
      DELETE FROM usage_log WHERE id = ${refund.usageId} AND account_id = ${refund.accountId}
      RETURNING credits
    ), refunded AS (
      UPDATE accounts SET balance = accounts.balance + removed.credits
      FROM removed WHERE accounts.id = ${refund.accountId}
      RETURNING accounts.balance
    ), relogged AS (
      UPDATE request_log
      SET status = ${errorCodes.RATE_LIMIT_EXCEEDED}, error_code = 'RATE_LIMIT_EXCEEDED', credits = 0,
        duration_ms = ${Math.round(refund.durationMs)}
      WHERE request_id = ${refund.requestId} AND account_id = ${refund.accountId}
    )
    SELECT balance FROM refunded`);
  const [row] = rowsOf<{ balance: number }>(result);
  return row ? Number(row.balance) : null;
}
