import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { verifyApiKey } from '../../auth/verify-key.js';
import { ApiError } from '../../errors/api-error.js';
import type { AppEnv } from '../env.js';
import { timed } from '../server-timing.js';

function bearerToken(header: string | undefined): string | undefined {
  return header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
}

/**
 * The key a request carries: `X-API-Key` (the spec's header) or `Authorization: Bearer`, on every
 * path. A request that sends both must send the same key in each: two different keys could be a
 * proxy's credential beside the caller's, and guessing which one to charge is worse than refusing.
 */
export function presentedApiKey(c: Context): string | undefined {
  const headerKey = c.req.header('x-api-key')?.trim() || undefined;
  const bearer = bearerToken(c.req.header('authorization'));
  if (headerKey && bearer && headerKey !== bearer) {
    throw new ApiError(
      'INVALID_API_KEY',
      'X-API-Key and Authorization: Bearer carry different keys; send one, or the same key in both.',
    );
  }
  return headerKey ?? bearer;
}

/** Resolves the caller from `X-API-Key` or `Authorization: Bearer`, or answers the spec's 401. */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const services = c.get('services');
  const rawKey = presentedApiKey(c);
  c.set(
    'caller',
    await timed(c, 'auth', () =>
      verifyApiKey(services.db, rawKey, services.config.DEV_API_KEY, services.keyCache),
    ),
  );
  await next();
});
