import { Hono } from 'hono';
import { handle } from 'hono/aws-lambda';
import type { AppEnv } from '../app/env.js';
import { requestId } from '../app/middleware/request-id.js';
import { onError, routeNotFound } from '../app/on-error.js';
import { parseConfig } from '../env.js';
import { openServicesAtColdStart } from '../open-services.js';
import type { Services } from '../services.js';
import { mountMcp } from './mount.js';

/**
 * The MCP Lambda's app: /mcp alone, no tool code. Each tool call goes to the tool's own Lambda
 * through the API's public route with the caller's key (`origin`: PUBLIC_BASE_URL when set, else
 * the origin the request came in on), so it meets the same gateway, middleware chain, rate limit
 * and ledger as REST.
 */
export function mcpLambdaApp(options: {
  services: Services | Promise<Services>;
  origin?: string;
  dispatchTimeoutMs?: number;
}) {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.notFound(routeNotFound);
  app.use('*', requestId);
  mountMcp(app, {
    services: options.services,
    dispatch: (input, init) => fetch(input, init),
    origin: options.origin?.replace(/\/+$/, ''),
    dispatchTimeoutMs: options.dispatchTimeoutMs,
  });
  return app;
}

/** Configuration parsed and clients opened at module scope, once per cold start. */
export function mcpHandler() {
  const config = parseConfig();
  const services = openServicesAtColdStart({ config });
  return handle(mcpLambdaApp({ services, origin: config.PUBLIC_BASE_URL }));
}
