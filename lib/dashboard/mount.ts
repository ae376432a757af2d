import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app/env.js';
import { ApiError } from '../errors/api-error.js';
import type { DashboardAssets } from './assets.js';

export const DASHBOARD_PATH = '/dashboard';

/**
 * Everything the page may load comes from this origin: the policy makes a CDN script or a
 * third-party request fail in the browser rather than work quietly. The key travels only in the
 * Authorization header of fetches to this origin.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/**
 * Serves the dashboard at /dashboard: the index page (never cached: it names the current build)
 * and its hashed files (cached for a year). Views live after the `#`, so one page answers all.
 */
export function mountDashboard(assets: DashboardAssets | Promise<DashboardAssets>) {
  return (app: OpenAPIHono<AppEnv>): void => {
    const headers = (name: string, cache: string) => ({
      'Content-Type': TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream',
      'Cache-Control': cache,
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    const index = async () => {
      const bytes = (await assets).get('index.html');
      if (!bytes) throw new ApiError('NOT_FOUND', 'The dashboard was not built into this deployment.');
      return new Response(new Uint8Array(bytes), { headers: headers('index.html', 'no-cache') });
    };
    app.get(DASHBOARD_PATH, index);
    app.get(`${DASHBOARD_PATH}/`, index);
    app.get(`${DASHBOARD_PATH}/:file`, async (c) => {
      const name = c.req.param('file');
      const bytes = name === 'index.html' ? undefined : (await assets).get(name);
      if (!bytes) throw new ApiError('NOT_FOUND', `No dashboard file ${name}.`);
      return c.body(new Uint8Array(bytes), 200, headers(name, 'public, max-age=31536000, immutable'));
    });
  };
}
