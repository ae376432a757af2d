import type { Plan } from '../auth/plans.js';
import { plans } from '../auth/plans.js';
import type { KeyValueStore } from '../kv/key-value-store.js';
import { MemoryStore } from '../kv/memory-store.js';

export const RATE_WINDOW_MS = 1000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetMs: number;
  /** True when Redis could not be reached and this instance's own window decided. */
  degraded: boolean;
}

/**
 * When Redis is unreachable we neither fail open (unlimited traffic) nor closed (an outage of a
 * cache takes the API down): each instance falls back to its own in-process window, so a caller
 * gets at most the plan's rate per warm instance. Money is safe either way: the ledger is in Postgres.
 */
const fallback = new MemoryStore();

/**
 * `limitOverride` is a tool's own rate for this plan. It counts in the key's one window, so the
 * tool gets its higher ceiling while every request still spends from the same per-key budget.
 */
export async function checkRateLimit(
  kv: KeyValueStore,
  apiKeyId: string,
  plan: Plan,
  limitOverride?: number,
): Promise<RateDecision> {
  const limit = limitOverride ?? plans[plan].requestsPerSecond;
  const key = `rl:${apiKeyId}`;
  let degraded = false;
  let result: Awaited<ReturnType<KeyValueStore['slidingWindow']>>;
  try {
    result = await kv.slidingWindow(key, limit, RATE_WINDOW_MS);
  } catch {
    degraded = true;
    result = await fallback.slidingWindow(key, limit, RATE_WINDOW_MS);
  }
  return {
    allowed: result.allowed,
    limit,
    remaining: Math.max(0, limit - result.count),
    resetMs: result.resetMs,
    degraded,
  };
}

/** The IETF RateLimit draft fields and the older X-RateLimit-* names clients still read. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const resetSeconds = String(Math.max(1, Math.ceil(decision.resetMs / 1000)));
  return {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': resetSeconds,
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': resetSeconds,
  };
}
