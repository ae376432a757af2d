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
 * How long an instance trusts a key it verified. A warm function answers repeat callers without a
 * database round trip; the price is that a key revoked on another instance keeps working here for
 * up to this long. Five seconds keeps revocation "at once" for a person while costing one indexed
 * lookup per key per instance every five seconds (a Redis revocation marker would cost a round trip
 * on every call instead).
 */
export const KEY_CACHE_TTL_MS = 5_000;
const KEY_CACHE_MAX_ENTRIES = 10_000;

/** The keys one instance verified, by hash. `now` is injectable so tests can step past the TTL. */
export class VerifiedKeyCache {
  private readonly entries = new Map<string, { caller: Caller; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: { ttlMs?: number; now?: () => number } = {}) {
    this.ttlMs = options.ttlMs ?? KEY_CACHE_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  get(hash: string): Caller | undefined {
    const entry = this.entries.get(hash);
    if (entry && entry.expiresAt > this.now()) return entry.caller;
    return undefined;
  }

  set(hash: string, caller: Caller): void {
    if (this.entries.size >= KEY_CACHE_MAX_ENTRIES) this.entries.clear();
    this.entries.set(hash, { caller, expiresAt: this.now() + this.ttlMs });
  }

  forget(hash: string): void {
    this.entries.delete(hash);
  }

  /** Revocation knows the key's id, not the key: a scan, fine for something this rare. */
  forgetKeyId(keyId: string): void {
    for (const [hash, entry] of this.entries) {
      if (entry.caller.apiKeyId === keyId) this.entries.delete(hash);
    }
  }
}

/** The process's cache: one per Lambda instance or dev server. */
const verifiedKeys = new VerifiedKeyCache();

export function forgetCachedKey(key: string): void {
  verifiedKeys.forget(hashApiKey(key));
}

/** The revoking instance stops trusting the key at once; the others within their TTL. */
export function forgetRevokedKey(keyId: string, cache: VerifiedKeyCache = verifiedKeys): void {
  cache.forgetKeyId(keyId);
}

/**
 * The 401 of a key that exists but was revoked. It still names its account, so the attempt can go
 * in that account's request log; to the caller it is the same 401 as any unknown key.
 */
export class RevokedKeyError extends ApiError {
  readonly caller: Caller;

  constructor(caller: Caller) {
    super('INVALID_API_KEY', 'The API key is not valid or has been revoked.');
    this.caller = caller;
  }
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
  cache: VerifiedKeyCache = verifiedKeys,
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
  if (cached) return cached;

  const [row] = await db
    .select({ keyId: apiKeys.id, revokedAt: apiKeys.revokedAt, accountId: accounts.id, plan: accounts.plan })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.hash, hash))
    .limit(1);
  if (!row) {
    cache.forget(hash);
    throw new ApiError('INVALID_API_KEY', 'The API key is not valid or has been revoked.');
  }
  const caller: Caller = { apiKeyId: row.keyId, account: { id: row.accountId, plan: row.plan as Plan } };
  if (row.revokedAt) {
    cache.forget(hash);
    throw new RevokedKeyError(caller);
  }
  cache.set(hash, caller);
  return caller;
}
