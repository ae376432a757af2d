import { createMiddleware } from 'hono/factory';
import { newId } from '../../ids.js';
import { withLogFields } from '../../logger.js';
import type { AppEnv } from '../env.js';

/** Every response and log line carries the request id. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = newId('req');
  c.set('requestId', id);
  c.set('startedAt', performance.now());
  c.header('X-Request-Id', id);
  await withLogFields({ requestId: id }, next);
});
