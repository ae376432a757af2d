import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { apiKeys, usageLog } from '../db/schema/index.js';
import { ApiError } from '../errors/api-error.js';
import { createApiKey } from './accounts.js';

/** One of an account's keys as its owner sees it: never the key itself, only its hint. */
export interface AccountKey {
  id: string;
  name: string | null;
  hint: string;
  createdAt: Date;
  /** The key's last metered call, from the usage log; null when it has made none. */
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  hint: apiKeys.hint,
  createdAt: apiKeys.createdAt,
  revokedAt: apiKeys.revokedAt,
  // Newest usage row of this key: a backward walk of usage_log_account_idx that stops at the key's
  // first row, so a key unused for long walks much of its account's log (an index on
  // (api_key_id, created_at) is the fix if that shows). Spelled out with aliases: drizzle leaves
  // column names unqualified in a select list, which would bind `id` to usage_log's own.
  lastUsedAt: sql<Date | null>`(
    select u.created_at from usage_log u
    where u.account_id = api_keys.account_id and u.api_key_id = api_keys.id
    order by u.created_at desc limit 1
  )`.mapWith(usageLog.createdAt),
};

/** The account's keys, live and revoked, newest first. */
export async function listAccountKeys(db: Database, accountId: string): Promise<AccountKey[]> {
  return db
    .select(keyColumns)
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** A new key for the account; the key itself is in the answer and nowhere else, ever. */
export async function issueAccountKey(
  db: Database,
  accountId: string,
  name: string | null,
): Promise<AccountKey & { key: string }> {
  const issued = await createApiKey(db, accountId, { name: name ?? undefined });
  const [row] = await db.select(keyColumns).from(apiKeys).where(eq(apiKeys.id, issued.id));
  return { ...row, key: issued.key };
}

/**
 * Revokes one of the account's keys. Another account's key reads as no key at all (404), so ids
 * cannot be probed; revoking a revoked key answers it as it is (DELETE is idempotent).
 */
export async function revokeAccountKey(db: Database, accountId: string, keyId: string): Promise<AccountKey> {
  const mine = and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId));
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(mine)
    .returning({ id: apiKeys.id });
  if (!revoked) throw new ApiError('NOT_FOUND', `No API key ${keyId} on this account.`);
  const [row] = await db.select(keyColumns).from(apiKeys).where(mine);
  return row;
}
