import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.js';
import { checkDeclaredSize, readJsonBody } from '../request-body.js';
import { timed } from '../server-timing.js';

/** A body declared over the cap is refused first, before a key is looked up or a byte read. */
export const declaredBodySize = createMiddleware<AppEnv>(async (c, next) => {
  checkDeclaredSize(c);
  await next();
});

/**
 * The body is read and parsed once the caller is known and, unless this instance last saw the key
 * with room in its window, within its rate: an unauthenticated or rate-limited caller cannot make
 * us parse 4 MB of JSON.
 */
export const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  c.set('body', await timed(c, 'body', () => readJsonBody(c)));
  await next();
});
