import { parseConfig } from '../../lib/env.js';
import { type OpenedServices, openServices } from '../../lib/open-services.js';

/**
 * Real PostgreSQL and Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set (CI), else an
 * in-memory PGlite and the in-process store, so `npm test` also passes on a fresh laptop.
 */
export async function openTestServices(env: Record<string, string> = {}): Promise<OpenedServices> {
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'memory:',
    REDIS_URL: process.env.TEST_REDIS_URL,
    ...env,
  });
  const services = await openServices(config);
  if (!process.env.TEST_DATABASE_URL) await services.migrate();
  return services;
}
