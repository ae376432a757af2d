import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm start` as a newcomer runs it: the real script, the embedded database, a real port. */
const dataDir = mkdtempSync(join(tmpdir(), 'dev-server-'));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
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

async function startDevServer(
  env: Record<string, string>,
): Promise<{ output: () => string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-server.ts'], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
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
      if (output.includes('dev balance') || output.includes('dev account')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    child.on('exit', () => reject(new Error(`dev server exited:\n${output}`)));
  });
  return {
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

describe('npm start', () => {
  it('serves every tool on the embedded drivers with the configured development key, plan and credits', async () => {
    const port = await freePort();
    const server = await startDevServer({
      PORT: String(port),
      DEV_API_KEY: 'newcomer-key',
      DEV_CREDITS: '500',
      DEV_PLAN: 'hobby',
    });
    try {
      expect(server.output()).toContain('dev API key: newcomer-key');
      expect(server.output()).toMatch(/500 credits, plan hobby/);
      const base = `http://127.0.0.1:${port}`;
      const catalog = await (await fetch(`${base}/api/v1/tools`)).json();
      expect(catalog.data.map((tool: { name: string }) => tool.name)).toContain('summarize_content');
      const call = await fetch(`${base}/api/v1/tools/summarize_content`, {
        method: 'POST',
        headers: { 'X-API-Key': 'newcomer-key', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          content: 'The service started on the embedded database. It answered this call at once.',
        }),
      });
      const body = await call.json();
      expect(call.status, JSON.stringify(body)).toBe(200);
      expect(body.credits_remaining).toBe(496);
      expect((await fetch(`${base}/openapi.json`)).status).toBe(200);
      expect((await fetch(`${base}/docs`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('keeps the account and the data on disk across restarts', async () => {
    const port = await freePort();
    const server = await startDevServer({ PORT: String(port), DEV_API_KEY: 'newcomer-key' });
    try {
      expect(server.output()).toMatch(/496 credits, plan hobby/);
      expect(server.output()).not.toContain('created now');
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('brings the existing account to DEV_CREDITS and DEV_PLAN when they are set', async () => {
    const port = await freePort();
    const server = await startDevServer({
      PORT: String(port),
      DEV_API_KEY: 'newcomer-key',
      DEV_CREDITS: '7',
      DEV_PLAN: 'free',
    });
    try {
      expect(server.output()).toMatch(/7 credits, plan free/);
      const call = () =>
        fetch(`http://127.0.0.1:${port}/api/v1/tools/analyze_content`, {
          method: 'POST',
          headers: { 'X-API-Key': 'newcomer-key', 'Content-Type': 'application/json' },
          body: JSON.stringify({ content: 'A short text to analyse.' }),
        });
      const [first, second] = await Promise.all([call(), call()]);
      expect([first.status, second.status].sort()).toEqual([200, 429]);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('generates a key once without DEV_API_KEY and prints the same one on the next start', async () => {
    const ownDir = mkdtempSync(join(tmpdir(), 'dev-server-key-'));
    try {
      const first = await startDevServer({ PORT: String(await freePort()), DATA_DIR: ownDir });
      const key = first.output().match(/dev API key: (wxk_\w+)/)?.[1];
      await first.stop();
      expect(key).toBeDefined();
      const second = await startDevServer({ PORT: String(await freePort()), DATA_DIR: ownDir });
      expect(second.output()).toContain(`dev API key: ${key}`);
      await second.stop();
    } finally {
      rmSync(ownDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a bad environment with the variable named', async () => {
    await expect(startDevServer({ PORT: 'eighty', DEV_API_KEY: 'k' })).rejects.toThrow(/PORT/);
  }, 60_000);
});
