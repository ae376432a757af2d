import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';

/**
 * `npm start` runs the browser host in its own process: a session opened through the dev server
 * lives there, on Debian's Chromium, with the registry in the embedded database.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'dev-server-browser-'));
let child: ChildProcess | undefined;
let site: FixtureServer;

beforeAll(async () => {
  site = await startFixtureServer((req, res) => {
    res.writeHead(req.url === '/robots.txt' ? 404 : 200, { 'content-type': 'text/html' });
    res.end('<title>Local</title><h1>Served to the dev server</h1><a href="/next">Next</a>');
  });
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

it('opens, reads and closes a browser session through the dev server', async () => {
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      DEV_API_KEY: 'browser-dev-key',
      FETCH_HOST_MAP: 'local.test=127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev server did not start:\n${output}`)), 45_000);
    const check = setInterval(() => {
      if (output.includes('dev account')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
  });
  expect(output).toContain('browser:  /usr/bin/chromium, sessions in this process');
  const call = async (body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/tools/browser_session`, {
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
