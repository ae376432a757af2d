import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { accounts, apiKeys } from '../db/schema/index.js';
import { newId } from '../ids.js';
import { apiKeyHint, generateApiKey, hashApiKey } from './api-key.js';
import type { Plan } from './plans.js';

export interface NewAccount {
  name: string;
  plan: Plan;
  credits: number;
}

export async function createAccount(db: Database, input: NewAccount): Promise<{ id: string }> {
  const id = newId('acc');
  await db.insert(accounts).values({ id, name: input.name, plan: input.plan, balance: input.credits });
  return { id };
}

export interface IssuedKey {
  id: string;
  /** Shown once; only its hash is stored. */
  key: string;
}

/** Issues a key; `presetKey` lets the dev server honour DEV_API_KEY verbatim. */
export async function createApiKey(
  db: Database,
  accountId: string,
  options: { name?: string; presetKey?: string } = {},
): Promise<IssuedKey> {
  const key = options.presetKey ?? generateApiKey();
  const id = newId('key');
  await db.insert(apiKeys).values({
    id,
    accountId,
    hash: hashApiKey(key),
    hint: apiKeyHint(key),
    name: options.name ?? null,
  });
  return { id, key };
}

export async function findKeyByValue(db: Database, key: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.hash, hashApiKey(key)))
    .limit(1);
  return row ?? null;
}

/** Revokes by key id or by the key itself; true when a live key was revoked. */
export async function revokeApiKey(db: Database, keyIdOrValue: string): Promise<boolean> {
  const match = keyIdOrValue.startsWith('key_')
    ? eq(apiKeys.id, keyIdOrValue)
    : eq(apiKeys.hash, hashApiKey(keyIdOrValue));
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(match, isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

export async function grantCredits(db: Database, accountId: string, credits: number): Promise<number | null> {
  const [row] = await db
    .update(accounts)
    .set({ balance: sql`${accounts.balance} + ${credits}` })
    .where(eq(accounts.id, accountId))
    .returning({ balance: accounts.balance });
  return row?.balance ?? null;
}

export async function setPlan(db: Database, accountId: string, plan: Plan): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ plan })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

export async function setAutoRecharge(
  db: Database,
  accountId: string,
  credits: number | null,
): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ autoRechargeEnabled: credits !== null && credits > 0, autoRechargeCredits: credits ?? 0 })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

export async function getAccount(db: Database, accountId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row ?? null;
}
