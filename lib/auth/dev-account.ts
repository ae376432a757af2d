import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { accounts } from '../db/schema/index.js';
import { createAccount, createApiKey, findKeyByValue, setPlan } from './accounts.js';
import type { Plan } from './plans.js';

export interface DevAccountSettings {
  key: string;
  credits: number;
  plan: Plan;
  /**
   * DEV_CREDITS / DEV_PLAN were set explicitly: an existing account is brought to them, so a
   * restart with other settings (a test run on a free plan, say) gets what it asked for.
   */
  applyCredits: boolean;
  applyPlan: boolean;
}

/** The dev server's account: created with its key on the first start, reused afterwards. */
export async function ensureDevAccount(
  db: Database,
  settings: DevAccountSettings,
): Promise<{ accountId: string; created: boolean; balance: number; plan: string }> {
  const existing = await findKeyByValue(db, settings.key);
  if (existing && !existing.revokedAt) {
    if (settings.applyPlan) await setPlan(db, existing.accountId, settings.plan);
    if (settings.applyCredits) {
      await db.update(accounts).set({ balance: settings.credits }).where(eq(accounts.id, existing.accountId));
    }
    return { ...(await describe(db, existing.accountId)), created: false };
  }
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
