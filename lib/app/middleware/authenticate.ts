import { createMiddleware } from 'hono/factory';
import { verifyApiKey } from '../../auth/verify-key.js';
import type { AppEnv } from '../env.js';
import { timed } from '../server-timing.js';

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** `X-API-Key` everywhere; `Authorization: Bearer` too where `acceptBearer` (the monitors API). */
export function authenticate(options: { acceptBearer: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const services = c.get('services');
    const headerKey = c.req.header('x-api-key')?.trim() || undefined;
    const rawKey =
      headerKey ?? (options.acceptBearer ? bearerToken(c.req.header('authorization')) : undefined);
    c.set(
      'caller',
      await timed(c, 'auth', () =>
        verifyApiKey(services.db, rawKey, services.config.DEV_API_KEY, services.keyCache),
      ),
    );
    await next();
  });
}
