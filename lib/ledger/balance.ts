import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { accounts } from '../db/schema/index.js';

/**
 * What the account can spend: the stored balance (open holds already taken out) plus its holds that
 * expired unsettled, which stopped counting at their expiry whether or not a statement has taken
 * them back yet (see RETURN_EXPIRED_HOLDS).
 */
// Written out in full: drizzle leaves the table off a column of a one-table select, and inside the
// sub-select a bare "id" would name the hold's.
export const availableBalance = sql<number>`("accounts"."balance" + coalesce((
  SELECT sum(credit_holds.amount) FROM credit_holds
  WHERE credit_holds.account_id = "accounts"."id" AND credit_holds.status = 'held'
    AND credit_holds.expires_at <= now()
), 0))::int`;

export async function getBalance(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ balance: availableBalance })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return Number(row?.balance ?? 0);
}
