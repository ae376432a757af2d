import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Gives a hold back in full, as if it had never been taken, and writes no usage row: for a call
 * that took its hold while its rate decision was on the way and was then refused, which is a 429
 * like any other and so leaves no trace in the usage log. A hold already settled is left as it is.
 */
export async function withdrawHold(db: Database, holdId: string): Promise<void> {
  await db.execute(sql`
    WITH withdrawn AS (
      UPDATE credit_holds SET status = 'released', charged = 0, settled_at = now()
      WHERE id = ${holdId} AND status = 'held'
      RETURNING account_id, amount
    )
    UPDATE accounts SET balance = accounts.balance + withdrawn.amount
    FROM withdrawn WHERE accounts.id = withdrawn.account_id`);
}
