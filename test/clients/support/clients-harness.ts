import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../../lib/app/create-app.js';
import type { Plan } from '../../../lib/auth/plans.js';
import { mountMcp } from '../../../lib/mcp/mount.js';
import type { OpenedServices } from '../../../lib/open-services.js';
import { tools } from '../../../lib/tools/registry.js';
import { mcpCatalogOf } from '../../../scripts/clients/mcp-catalog.js';
import type { OpenApiDocument } from '../../../scripts/clients/operations.js';
import { type FixtureServer, startFixtureServer } from '../../support/fixture-server.js';
import { createTestAccount, type TestAccount } from '../../support/harness.js';
import { assertResultMatchesSchema } from '../../support/result-drift.js';
import { openTestServices } from '../../support/test-services.js';
import { readFixture } from '../../support/tool-site.js';
import { registerMonitorShapedRoutes } from './monitor-shaped-routes.js';

/** The fixture site's name; the service resolves it to loopback through FETCH_HOST_MAP. */
export const SITE_HOST = 'pages.clients.test';

/** A page whose result is far past 40,000 characters of JSON: it has to be stored. */
export const BIG_PAGE = `<!doctype html><html><head><title>Long report</title></head><body><main>${Array.from(
  { length: 1500 },
  (_, i) => `<p>Paragraph ${i}: the quarterly figures were reviewed line by line by the committee.</p>`,
).join('')}</main></body></html>`;

const pages: Record<string, string> = {
  '/robots.txt': 'User-agent: *\nAllow: /\n',
  '/article': readFixture('pages/scrape-article.html'),
  '/metadata': readFixture('pages/extract-metadata-article.html'),
  '/big': BIG_PAGE,
};

export interface ClientsHarness {
  /** Origin of the service: REST under /api/v1, MCP at /mcp. */
  baseUrl: string;
  services: OpenedServices;
  /** `http://pages.clients.test:<port><path>`: a fixture page as the service fetches it. */
  pageUrl(path: string): string;
  account(options?: { plan?: Plan; credits?: number }): Promise<TestAccount>;
  /** A plain REST call, to compare the clients with. */
  rest(tool: string, body: unknown, key: string): Promise<{ status: number; body: Record<string, unknown> }>;
  /** The /openapi.json this server serves (with the monitor-shaped routes when asked). */
  document: OpenApiDocument;
  close(): Promise<void>;
}

/**
 * The service as `npm start` assembles it (every registry tool, /openapi.json, /mcp in process) over
 * the test database and Redis, a fixture site on loopback, and, when asked, the monitor-shaped
 * routes, whose operations then reach the document and the MCP tool list like real ones would.
 */
export async function startClientsHarness(
  options: { monitorShaped?: boolean } = {},
): Promise<ClientsHarness> {
  const site: FixtureServer = await startFixtureServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    const page = pages[path];
    res.writeHead(page ? 200 : 404, {
      'content-type': path.endsWith('.txt') ? 'text/plain' : 'text/html; charset=utf-8',
    });
    res.end(page ?? '<h1>Not found</h1>');
  });
  const services = await openTestServices({ FETCH_HOST_MAP: `${SITE_HOST}=127.0.0.1` });
  const build = () => {
    const app = createApp({ services, tools, withDocuments: true });
    if (options.monitorShaped) registerMonitorShapedRoutes(app, services);
    return app;
  };
  // Answering a request freezes a Hono app's routes, so the document comes from a twin of the app.
  const document = (await (await build().request('http://localhost/openapi.json')).json()) as OpenApiDocument;
  const app = build();
  mountMcp(app, { services, catalog: options.monitorShaped ? mcpCatalogOf(document) : undefined });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let accounts = 0;

  return {
    baseUrl,
    services,
    document,
    pageUrl: (path) => site.url(path, SITE_HOST),
    account(options = {}) {
      accounts += 1;
      return createTestAccount(services.db, `clients-${accounts}-${Date.now()}`, options);
    },
    async rest(tool, body, key) {
      const response = await fetch(`${baseUrl}/api/v1/tools/${tool}`, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      assertResultMatchesSchema(tools, 'POST', `/api/v1/tools/${tool}`, response.status, answer);
      return { status: response.status, body: answer };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await site.close();
      await services.close();
    },
  };
}
