import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';

/**
 * The site extract_text and extract_links read in their tests, served as `pages.test` (the harness
 * maps that name to loopback). Every answer a target gives that the tools must tell apart has a path.
 */

export const SITE_HOST = 'pages.test';

export interface PagesSite extends FixtureServer {
  /** `http://pages.test:<port><path>` */
  page(path: string): string;
  /** Requests seen per path, so a test can prove a retry happened or that nothing was fetched. */
  hits(path: string): number;
}

function fixtureBytes(path: string): Buffer {
  return readFileSync(new URL(`../fixtures/${path}`, import.meta.url));
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  xml: 'application/rss+xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
};

// Connection-level headers of the saved response belong to that connection, not to this one.
const HOP_BY_HOP = new Set(['transfer-encoding', 'connection', 'content-length', 'date']);

function replayWall(res: ServerResponse, name: string): void {
  const saved = JSON.parse(fixtureBytes(`walls/${name}.response.json`).toString('utf8')) as {
    status: number;
    headers: Record<string, string>;
    body: string;
  };
  const headers = Object.fromEntries(Object.entries(saved.headers).filter(([key]) => !HOP_BY_HOP.has(key)));
  res.writeHead(saved.status, headers);
  res.end(fixtureBytes(`walls/${saved.body}`));
}

export const TIDES_JSON =
  '{"station":"Harbour Lane","tides":[{"type":"high","time":"06:12","height_m":4.8}]}';

export async function startPagesSite(): Promise<PagesSite> {
  const hits = new Map<string, number>();
  const server = await startFixtureServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('User-agent: *\nDisallow: /private/\n');
    } else if (path.startsWith('/p/') || path.startsWith('/private/')) {
      const name = path.slice(path.indexOf('/', 1) + 1);
      // The Windows-1252 page declares its charset in a <meta>, as legacy sites do, not in the header.
      const type = name.endsWith('windows-1252.html') ? 'text/html' : TYPES[name.split('.').pop() ?? ''];
      res.writeHead(200, { 'content-type': type ?? 'application/octet-stream' });
      res.end(fixtureBytes(`pages/${name}`));
    } else if (path === '/no-type') {
      res.writeHead(200);
      res.end('<html><body><h1>Served bare</h1><p>No Content-Type header on this one.</p></body></html>');
    } else if (path === '/api/tides.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(TIDES_JSON);
    } else if (path === '/old') {
      res.writeHead(301, { location: '/moved' });
      res.end();
    } else if (path === '/moved') {
      res.writeHead(302, { location: '/p/text-article.html' });
      res.end();
    } else if (path.startsWith('/busy/')) {
      // First visit asks to come back in a second; the second is served.
      if (hits.get(path) === 1) {
        res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' });
        res.end('Too Many Requests');
      } else {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(fixtureBytes(`pages/${path.includes('links') ? 'links-catalog.html' : 'text-article.html'}`));
      }
    } else if (path === '/challenge') {
      replayWall(res, 'cloudflare-challenge');
    } else if (path === '/slow') {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<p>late</p>');
    } else {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!DOCTYPE html><html><head><title>Page not found</title></head><body><h1>Page not found</h1>' +
          '<p>The page you asked for has moved or never existed. Try the <a href="/">home page</a>.</p></body></html>',
      );
    }
  });
  return {
    ...server,
    page: (path) => server.url(path, SITE_HOST),
    hits: (path) => hits.get(path) ?? 0,
  };
}
