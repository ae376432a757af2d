import { readFileSync } from 'node:fs';
import type { AnyToolSchema, ToolDefinition } from '../../lib/tools/define.js';
import {
  HTML_UTF8,
  type Route,
  replayWall,
  respond,
  startToolSite,
  type ToolSite,
} from '../support/tool-site.js';

/**
 * The site extract_text and extract_links read in their tests, served as `pages.test` (the harness
 * maps that name to loopback). Every answer a target gives that the tools must tell apart has a path.
 */

const SITE_HOST = 'pages.test';

function fixtureBytes(path: string): Buffer {
  return readFileSync(new URL(`../fixtures/${path}`, import.meta.url));
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  xml: 'application/rss+xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
};

export const TIDES_JSON =
  '{"station":"Harbour Lane","tides":[{"type":"high","time":"06:12","height_m":4.8}]}';

/** `/p/<file>` and `/private/<file>` serve test/fixtures/pages/<file>, typed by its extension. */
const servePage: Route = (_req, res, { path }) => {
  const name = path.slice(path.indexOf('/', 1) + 1);
  // The Windows-1252 page declares its charset in a <meta>, as legacy sites do, not in the header.
  const type = name.endsWith('windows-1252.html') ? 'text/html' : TYPES[name.split('.').pop() ?? ''];
  res.writeHead(200, { 'content-type': type ?? 'application/octet-stream' });
  res.end(fixtureBytes(`pages/${name}`));
};

const ROUTES: Record<string, Route> = {
  '/robots.txt': respond(200, { 'content-type': 'text/plain' }, 'User-agent: *\nDisallow: /private/\n'),
  '/p/*': servePage,
  '/private/*': servePage,
  '/no-type': respond(
    200,
    {},
    '<html><body><h1>Served bare</h1><p>No Content-Type header on this one.</p></body></html>',
  ),
  '/api/tides.json': respond(200, { 'content-type': 'application/json' }, TIDES_JSON),
  '/old': respond(301, { location: '/moved' }),
  '/moved': respond(302, { location: '/p/text-article.html' }),
  '/busy/*': (_req, res, { path, hits }) => {
    // First visit asks to come back in a second; the second is served.
    if (hits === 1) {
      res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' });
      res.end('Too Many Requests');
    } else {
      res.writeHead(200, HTML_UTF8);
      res.end(fixtureBytes(`pages/${path.includes('links') ? 'links-catalog.html' : 'text-article.html'}`));
    }
  },
  '/challenge': replayWall('cloudflare-challenge'),
  '*': respond(
    404,
    HTML_UTF8,
    '<!DOCTYPE html><html><head><title>Page not found</title></head><body><h1>Page not found</h1>' +
      '<p>The page you asked for has moved or never existed. Try the <a href="/">home page</a>.</p></body></html>',
  ),
};

/** The pages site and a harness serving `tools`, which reaches it as `pages.test`. */
export function startPagesSite(tools: readonly ToolDefinition<AnyToolSchema>[]): Promise<ToolSite> {
  return startToolSite({ host: SITE_HOST, tools, routes: ROUTES });
}
