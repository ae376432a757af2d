import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { accounts, apiKeys } from '../db/schema/index.js';
import { ApiError } from '../errors/api-error.js';
import { hashApiKey, isWellFormedApiKey } from './api-key.js';
import type { Plan } from './plans.js';

export interface Caller {
  apiKeyId: string;
  account: { id: string; plan: Plan };
}

/**
 * A warm function answers repeat callers without a database round trip. The price is that a
 * revoked key keeps working for up to this long on instances that cached it.
 */
const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 10_000;
const cache = new Map<string, { caller: Caller; expiresAt: number }>();

export function forgetCachedKey(key: string): void {
  cache.delete(hashApiKey(key));
}

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Resolves a raw key to its account, or throws the spec's 401. `devKey` is exempt from the shape check. */
export async function verifyApiKey(
  db: Database,
  rawKey: string | undefined,
  devKey?: string,
): Promise<Caller> {
  if (!rawKey)
    throw new ApiError(
      'MISSING_API_KEY',
      'Send your API key in the X-API-Key header or as Authorization: Bearer <key>.',
    );
  const isDevKey = devKey !== undefined && sameString(rawKey, devKey);
  if (!isDevKey && !isWellFormedApiKey(rawKey)) {
    throw new ApiError('INVALID_API_KEY', 'The API key is not valid.');
  }
  const hash = hashApiKey(rawKey);
  const cached = cache.get(hash);
  if (cached && cached.expiresAt > Date.now()) return cached.caller;

  const [row] = await db
    .select({ keyId: apiKeys.id, revokedAt: apiKeys.revokedAt, accountId: accounts.id, plan: accounts.plan })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.hash, hash))
    .limit(1);
  if (!row || row.revokedAt) {
    cache.delete(hash);
    throw new ApiError('INVALID_API_KEY', 'The API key is not valid or has been revoked.');
  }
  const caller: Caller = { apiKeyId: row.keyId, account: { id: row.accountId, plan: row.plan as Plan } };
  if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
  cache.set(hash, { caller, expiresAt: Date.now() + CACHE_TTL_MS });
  return caller;
}
