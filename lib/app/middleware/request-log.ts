import { createMiddleware } from 'hono/factory';
import { RevokedKeyError } from '../../auth/verify-key.js';
import { logRefusedCall } from '../../ledger/index.js';
import { logger } from '../../logger.js';
import { RATE_WINDOW_MS } from '../../ratelimit/check-rate-limit.js';
import type { AppEnv } from '../env.js';
import { toApiError } from '../on-error.js';

/**
 * Refusals that come before the rate limit counts a call: a caller over its rate, or still sending
 * a revoked key, could otherwise turn each refusal into a database write. At most one row per key
 * per rate window on an instance; every other refusal is bounded by the plan's rate already.
 */
const UNCOUNTED_STATUSES = new Set([401, 429]);
const MAX_KEYS = 10_000;
const lastUncounted = new Map<string, number>();

function admitUncounted(apiKeyId: string, now: number): boolean {
  const last = lastUncounted.get(apiKeyId);
  if (last !== undefined && now - last < RATE_WINDOW_MS) return false;
  if (lastUncounted.size >= MAX_KEYS) lastUncounted.clear();
  lastUncounted.set(apiKeyId, now);
  return true;
}

/**
 * Writes the request-log row of a metered call that no ledger statement wrote: one refused before
 * its credits were held or charged (a bad body or input, the rate limit, a short balance, a revoked
 * key). The caller must be known: an unknown key has no account to show the row to. The write is
 * not awaited, so the refusal is not held back by it; a failed write is logged, and costs nothing
 * but the row (see docs/decisions.md, issue 20).
 */
export function logRefusedCalls(tool: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (!c.error || c.get('requestLogged')) return;
    const caller = c.get('caller') ?? (c.error instanceof RevokedKeyError ? c.error.caller : undefined);
    if (!caller) return;
    const now = performance.now();
    const status = c.res.status;
    if (UNCOUNTED_STATUSES.has(status) && !admitUncounted(caller.apiKeyId, now)) return;
    const requestId = c.get('requestId');
    logRefusedCall(c.get('services').db, {
      requestId,
      accountId: caller.account.id,
      apiKeyId: caller.apiKeyId,
      tool,
      status,
      errorCode: toApiError(c.error).code,
      durationMs: now - c.get('startedAt'),
    }).catch((logError) => logger.error('request log row not written', { requestId, logError }));
  });
}
