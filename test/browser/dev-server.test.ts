import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DevServer, startDevServer } from '../support/dev-server.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';

/**
 * `npm start` runs the browser host in its own process: a session opened through the dev server
 * lives there, on Debian's Chromium, with the registry in the embedded database.
 */

let server: DevServer | undefined;
let site: FixtureServer;

beforeAll(async () => {
  site = await startFixtureServer((req, res) => {
    res.writeHead(req.url === '/robots.txt' ? 404 : 200, { 'content-type': 'text/html' });
    res.end('<title>Local</title><h1>Served to the dev server</h1><a href="/next">Next</a>');
  });
});
afterAll(async () => {
  await server?.close();
  await site?.close();
});

it('opens, reads and closes a browser session through the dev server', async () => {
  server = await startDevServer(
    { DEV_API_KEY: 'browser-dev-key', FETCH_HOST_MAP: 'local.test=127.0.0.1' },
    { drivers: 'embedded' },
  );
  const output = server.output();
  expect(output).toContain('browser:  /usr/bin/chromium, sessions in this process');
  const call = async (body: unknown) => {
    const res = await fetch(`${server?.base}/api/v1/tools/browser_session`, {
      method: 'POST',
      headers: { 'X-API-Key': 'browser-dev-key', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const open = await call({ operation: 'open', url: site.url('/', 'local.test') });
  expect(open.status, JSON.stringify(open.body)).toBe(200);
  const read = await call({ operation: 'read', session_id: open.body.data.sessionId });
  expect(read.body.data.content.markdown).toContain('# Served to the dev server');
  const close = await call({ operation: 'close', session_id: open.body.data.sessionId });
  expect(close.body.data.closed).toBe(true);
}, 90_000);
