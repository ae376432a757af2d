import { readFileSync } from 'node:fs';
import type { AnyToolSchema, ToolDefinition } from '../../lib/tools/define.js';
import { scrapeTool } from '../../lib/tools/scrape/index.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';
import { type Harness, startHarness } from '../support/harness.js';

/** The shop.test site the scrape suites fetch from, over real HTTP, and a harness serving only scrape. */

export const HOST = 'shop.test';

export function pageFixture(name: string): string {
  return readFileSync(new URL(`../fixtures/pages/${name}`, import.meta.url), 'utf8');
}

function wallFixture(name: string): { body: string; headers: Record<string, string>; status: number } {
  const saved = JSON.parse(
    readFileSync(new URL(`../fixtures/walls/${name}.response.json`, import.meta.url), 'utf8'),
  ) as { status: number; body: string; headers: Record<string, string> };
  const { 'content-length': _length, connection: _connection, ...headers } = saved.headers;
  const body = readFileSync(new URL(`../fixtures/walls/${saved.body}`, import.meta.url), 'utf8');
  return { body, headers, status: saved.status };
}

export const ARTICLE_PATH = '/docs/guides/timeouts';
export const NOTES_TEXT = 'Release notes.\nVersion 2.4 adds per-request timeouts and retries with jitter.\n';
/** Past the 25 MB body cap of document 1 §8.3. */
const HUGE_BYTES = 26 * 1024 * 1024;

export async function startScrapeSite(): Promise<FixtureServer> {
  const fastly = wallFixture('fastly-blocked');
  return startFixtureServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(body);
    };
    switch (path) {
      case '/robots.txt':
        return send(200, 'User-agent: *\nDisallow: /private\n', { 'content-type': 'text/plain' });
      case ARTICLE_PATH:
        return send(200, pageFixture('scrape-article.html'));
      case '/moved':
        return send(301, '', { location: ARTICLE_PATH });
      case '/dashboard':
        return send(200, pageFixture('scrape-empty-main.html'));
      case '/notes.txt':
        return send(200, NOTES_TEXT, { 'content-type': 'text/plain; charset=utf-8' });
      case '/fastly':
        return send(fastly.status, fastly.body, fastly.headers);
      case '/broken':
        return send(500, '<h1>Internal Server Error</h1><p>The upstream application crashed.</p>');
      case '/report.pdf':
        return send(200, Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'), {
          'content-type': 'application/pdf',
        });
      case '/huge': {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        for (let sent = 0; sent < HUGE_BYTES && !res.destroyed; sent += chunk.length) {
          if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
        }
        res.end();
        return;
      }
      case '/slow':
        await new Promise((resolve) => setTimeout(resolve, 3000));
        return send(200, '<p>Too late.</p>');
      default:
        return send(404, '<h1>Not found</h1><p>No page lives at this address.</p>');
    }
  });
}

export async function startScrapeHarness(): Promise<Harness> {
  // `price` is typed per tool; the registry's element type takes any input.
  const tools = [scrapeTool as unknown as ToolDefinition<AnyToolSchema>];
  return startHarness({ tools, env: { FETCH_HOST_MAP: `${HOST}=127.0.0.1` } });
}
