import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { accounts } from '../db/schema/index.js';
import { newId } from '../ids.js';

/**
 * On a 402, records a recharge request when the account has automatic recharge on, and says so
 * truthfully in `X-Auto-Recharge-Triggered`. At most one open request per account, so a burst of
 * 402s does not queue a burst of charges.
 */
export async function requestAutoRecharge(db: Database, accountId: string): Promise<boolean> {
  const [account] = await db
    .select({ enabled: accounts.autoRechargeEnabled, credits: accounts.autoRechargeCredits })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account?.enabled || account.credits <= 0) return false;
  await db.execute(sql`
    INSERT INTO recharge_requests (id, account_id, credits, status)
    SELECT ${newId('rch')}, ${accountId}, ${account.credits}, 'requested'
    WHERE NOT EXISTS (
      SELECT 1 FROM recharge_requests WHERE account_id = ${accountId} AND status = 'requested'
    )`);
  // Inserted now or already open: either way a recharge is under way.
  return true;
}
