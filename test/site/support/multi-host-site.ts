import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { AnyToolSchema, ToolDefinition } from '../../../lib/tools/define.js';
import { startFixtureServer } from '../../support/fixture-server.js';
import { type Harness, startHarness } from '../../support/harness.js';

/**
 * Several fixture sites behind one loopback server, told apart by the Host header as virtual hosts
 * are, each name mapped to loopback for the harness. Crawls and batches cross hosts (robots.txt and
 * Crawl-delay are per host), which one-host tool sites cannot show. Every request is logged with its
 * arrival time so a test can measure the spacing Crawl-delay asks for.
 */

export interface SiteRequest {
  host: string;
  path: string;
  /** `path` plus the query string. */
  target: string;
  at: number;
}

/** What a route answers: `{{origin}}` in a string body becomes `http://<host>:<port>` of the request. */
export type SiteRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  request: SiteRequest,
) => void | Promise<void>;

export interface MultiHostSite {
  harness: Harness;
  /** `http://<host>:<port><path>`. */
  url(host: string, path?: string): string;
  origin(host: string): string;
  requests(filter?: { host?: string; path?: string }): SiteRequest[];
  close(): Promise<void>;
}

export function page(status: number, headers: OutgoingHttpHeaders, body: string | Buffer): SiteRoute {
  return (req, res, request) => {
    const origin = `http://${request.host}:${(req.socket.localPort ?? 0).toString()}`;
    res.writeHead(status, headers);
    res.end(typeof body === 'string' ? body.replaceAll('{{origin}}', origin) : body);
  };
}

export const HTML = { 'content-type': 'text/html; charset=utf-8' };
export const TEXT = { 'content-type': 'text/plain; charset=utf-8' };
export const XML = { 'content-type': 'application/xml; charset=utf-8' };

export function html(status: number, body: string): SiteRoute {
  return page(status, HTML, body);
}

/** A page answering after `ms`, to run a budget out. The wait ends early if the client goes away. */
export function slow(ms: number, route: SiteRoute): SiteRoute {
  return async (req, res, request) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      res.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (!res.destroyed) await route(req, res, request);
  };
}

/** A small HTML page with a title and links, the building block of link graphs. */
export function linkPage(title: string, links: string[], extra = ''): string {
  const items = links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('');
  return (
    `<!doctype html><html><head><title>${title}</title>` +
    `<meta name="description" content="About ${title}."></head><body><main><h1>${title}</h1>` +
    `<p>${title} is a page of the fixture site, with enough words to count as content.</p>` +
    `${extra}<ul>${items}</ul></main></body></html>`
  );
}

/**
 * Routes per host name; within a host, a path key ending in `*` answers every path it begins with
 * (longest first), and anything else is a 404.
 */
export async function startMultiHostSite(options: {
  hosts: Record<string, Record<string, SiteRoute>>;
  tools: readonly ToolDefinition<AnyToolSchema>[];
  env?: Record<string, string>;
}): Promise<MultiHostSite> {
  const log: SiteRequest[] = [];
  const server = await startFixtureServer(async (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const target = req.url ?? '/';
    const path = new URL(target, 'http://fixture').pathname;
    const request: SiteRequest = { host, path, target, at: Date.now() };
    log.push(request);
    const routes = options.hosts[host] ?? {};
    const prefix = Object.keys(routes)
      .filter((key) => key.endsWith('*') && path.startsWith(key.slice(0, -1)))
      .sort((a, b) => b.length - a.length)[0];
    const route = routes[path] ?? (prefix ? routes[prefix] : undefined);
    if (!route) {
      res.writeHead(404, HTML);
      res.end('<html><body><h1>Not found</h1></body></html>');
      return;
    }
    await route(req, res, request);
  });
  const hostMap = Object.keys(options.hosts)
    .map((host) => `${host}=127.0.0.1`)
    .join(',');
  let harness: Harness;
  try {
    harness = await startHarness({ tools: options.tools, env: { ...options.env, FETCH_HOST_MAP: hostMap } });
  } catch (error) {
    await server.close();
    throw error;
  }
  const origin = (host: string) => `http://${host}:${server.port}`;
  return {
    harness,
    origin,
    url: (host, path = '/') => `${origin(host)}${path}`,
    requests: (filter = {}) =>
      log.filter(
        (entry) =>
          (filter.host === undefined || entry.host === filter.host) &&
          (filter.path === undefined || entry.path === filter.path),
      ),
    async close() {
      await harness.close();
      await server.close();
    },
  };
}
