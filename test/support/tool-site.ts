import { readFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { AnyToolSchema, ToolDefinition } from '../../lib/tools/define.js';
import { type FixtureServer, startFixtureServer } from './fixture-server.js';
import { type Harness, type HarnessPrepare, startHarness } from './harness.js';

/** A file under test/fixtures, as text: `readFixture('pages/scrape-article.html')`. */
export function readFixture(path: string): string {
  return readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
}

/** What a route knows of the request beside `req`: its pathname and how often that path was asked for. */
export interface RouteRequest {
  path: string;
  /** Requests for this path so far, this one included: 1 on the first visit. */
  hits: number;
}

export type Route = (
  req: IncomingMessage,
  res: ServerResponse,
  request: RouteRequest,
) => void | Promise<void>;

/** A route that answers every request the same way. */
export function respond(status: number, headers: OutgoingHttpHeaders, body?: string | Buffer): Route {
  return (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };
}

/** A route that answers only after `ms`: a page slower than a fetch timeout. */
export function after(ms: number, route: Route): Route {
  return async (req, res, request) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route(req, res, request);
  };
}

// Connection-level headers of a saved response belong to that connection, not to this one.
const HOP_BY_HOP = new Set(['transfer-encoding', 'connection', 'content-length', 'date']);

/** A route that replays a bot wall saved under test/fixtures/walls: its status, headers and body. */
export function replayWall(name: string): Route {
  const saved = JSON.parse(readFixture(`walls/${name}.response.json`)) as {
    status: number;
    headers: Record<string, string>;
    body: string;
  };
  const headers = Object.fromEntries(Object.entries(saved.headers).filter(([key]) => !HOP_BY_HOP.has(key)));
  return respond(
    saved.status,
    headers,
    readFileSync(new URL(`../fixtures/walls/${saved.body}`, import.meta.url)),
  );
}

/** Content types the routes of many sites send. */
export const HTML = { 'content-type': 'text/html' };
export const HTML_UTF8 = { 'content-type': 'text/html; charset=utf-8' };

/**
 * What every tool site answers unless its own routes say otherwise: a robots.txt that disallows
 * /private, a page that comes after 3 s (past a 1 s `timeout`), and a 404 for anything else.
 */
const COMMON_ROUTES: Record<string, Route> = {
  '/robots.txt': respond(200, { 'content-type': 'text/plain' }, 'User-agent: *\nDisallow: /private\n'),
  '/slow': after(3000, respond(200, HTML, '<p>late</p>')),
  '*': respond(404, HTML, '<h1>Not found</h1>'),
};

export interface ToolSiteOptions {
  /** The name the site is fetched under; the harness maps it to loopback. */
  host: string;
  /**
   * Path → answer, over the common routes (same keys replace them). A key ending in `*` answers every
   * path it begins with, the longest such key first; `*` alone is the fallback.
   */
  routes: Record<string, Route>;
  /** The tools the harness serves. */
  tools: readonly ToolDefinition<AnyToolSchema>[];
  /** More configuration; a FETCH_HOST_MAP here is added to the site's own entry. */
  env?: Record<string, string>;
  /** Passed to the harness: additions to its services (a browser runtime). */
  prepare?: HarnessPrepare;
}

export interface ToolSite extends Omit<FixtureServer, 'url'> {
  harness: Harness;
  /** `http://<host>:<port><path>`, under the site's host unless another is named (`127.0.0.1`). */
  url(path: string, host?: string): string;
  /** Requests seen for one path, so a test can prove a retry happened or that nothing was fetched. */
  hits(path: string): number;
  /** Requests the site answered, robots.txt included (a bare connection count races with aborted fetches). */
  requests(): number;
  /** Closes the harness, then the site. */
  close(): Promise<void>;
}

/** A fixture site on loopback under `host` and a harness serving `tools` that reaches it by that name. */
export async function startToolSite(options: ToolSiteOptions): Promise<ToolSite> {
  const routes = { ...COMMON_ROUTES, ...options.routes };
  const prefixes = Object.keys(routes)
    .filter((key) => key.endsWith('*'))
    .map((key) => key.slice(0, -1))
    .sort((a, b) => b.length - a.length);
  const hits = new Map<string, number>();
  let requests = 0;

  const server = await startFixtureServer(async (req, res) => {
    requests += 1;
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const prefix = prefixes.find((start) => path.startsWith(start));
    const route = routes[path] ?? routes[`${prefix}*`];
    await route(req, res, { path, hits: hits.get(path) ?? 0 });
  });
  const hostMap = [`${options.host}=127.0.0.1`, options.env?.FETCH_HOST_MAP].filter(Boolean).join(',');
  let harness: Harness;
  try {
    harness = await startHarness({
      tools: options.tools,
      env: { ...options.env, FETCH_HOST_MAP: hostMap },
      prepare: options.prepare,
    });
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    ...server,
    harness,
    url: (path, host = options.host) => server.url(path, host),
    hits: (path) => hits.get(path) ?? 0,
    requests: () => requests,
    async close() {
      await harness.close();
      await server.close();
    },
  };
}
