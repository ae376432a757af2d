import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { accounts } from '../db/schema/index.js';
import { createAccount, createApiKey, findKeyByValue } from './accounts.js';
import type { Plan } from './plans.js';

/** The dev server's account: created with its key on the first start, reused afterwards. */
export async function ensureDevAccount(
  db: Database,
  settings: { key: string; credits: number; plan: Plan },
): Promise<{ accountId: string; created: boolean; balance: number; plan: string }> {
  const existing = await findKeyByValue(db, settings.key);
  if (existing && !existing.revokedAt) return { ...(await describe(db, existing.accountId)), created: false };
  const { id } = await createAccount(db, {
    name: 'development',
    plan: settings.plan,
    credits: settings.credits,
  });
  await createApiKey(db, id, { name: 'development', presetKey: settings.key });
  return { ...(await describe(db, id)), created: true };
}

async function describe(db: Database, accountId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return { accountId, balance: row.balance, plan: row.plan };
}
