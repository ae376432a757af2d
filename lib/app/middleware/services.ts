import { createMiddleware } from 'hono/factory';
import type { Services } from '../../services.js';
import type { AppEnv } from '../env.js';

/** Services are opened once per cold start; requests wait on the same promise. */
export function provideServices(services: Services | Promise<Services>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('services', await services);
    await next();
  });
}
