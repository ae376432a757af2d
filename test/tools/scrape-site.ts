import type { AnyToolSchema, ToolDefinition } from '../../lib/tools/define.js';
import { scrapeTool } from '../../lib/tools/scrape/index.js';
import {
  after,
  HTML_UTF8,
  readFixture,
  replayWall,
  respond,
  startToolSite,
  type ToolSite,
} from '../support/tool-site.js';

/** The shop.test site the scrape suites fetch from, over real HTTP, and a harness serving only scrape. */

export const HOST = 'shop.test';

export function pageFixture(name: string): string {
  return readFixture(`pages/${name}`);
}

export const ARTICLE_PATH = '/docs/guides/timeouts';
export const NOTES_TEXT = 'Release notes.\nVersion 2.4 adds per-request timeouts and retries with jitter.\n';
/** Past the 25 MB body cap of docs/reference/README.md#limits. */
const HUGE_BYTES = 26 * 1024 * 1024;

export function startScrapeSite(): Promise<ToolSite> {
  // `price` is typed per tool; the registry's element type takes any input.
  const tools = [scrapeTool as unknown as ToolDefinition<AnyToolSchema>];
  return startToolSite({
    host: HOST,
    tools,
    routes: {
      [ARTICLE_PATH]: respond(200, HTML_UTF8, pageFixture('scrape-article.html')),
      '/moved': respond(301, { ...HTML_UTF8, location: ARTICLE_PATH }, ''),
      '/dashboard': respond(200, HTML_UTF8, pageFixture('scrape-empty-main.html')),
      '/notes.txt': respond(200, { 'content-type': 'text/plain; charset=utf-8' }, NOTES_TEXT),
      '/fastly': replayWall('fastly-blocked'),
      '/broken': respond(
        500,
        HTML_UTF8,
        '<h1>Internal Server Error</h1><p>The upstream application crashed.</p>',
      ),
      '/report.pdf': respond(
        200,
        { 'content-type': 'application/pdf' },
        Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
      ),
      '/huge': async (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        for (let sent = 0; sent < HUGE_BYTES && !res.destroyed; sent += chunk.length) {
          if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
        }
        res.end();
      },
      '/slow': after(3000, respond(200, HTML_UTF8, '<p>Too late.</p>')),
      '*': respond(404, HTML_UTF8, '<h1>Not found</h1><p>No page lives at this address.</p>'),
    },
  });
}
