import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../support/dev-server.js';

/** `npm start` as a newcomer runs it: the real script, the embedded database, a real port. */
const dataDir = mkdtempSync(join(tmpdir(), 'dev-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every start of this file shares one data folder, as one newcomer's restarts would. */
const start = (env: Record<string, string>) =>
  startDevServer({ DATA_DIR: dataDir, ...env }, { drivers: 'embedded' });

/** This machine's first non-loopback IPv4 address: the way another machine would reach it. */
const outwardAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

/** Whether a TCP connection to address:port is accepted. */
function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe('npm start', () => {
  it.runIf(outwardAddress)(
    'listens on loopback only unless HOST says otherwise',
    async () => {
      const address = outwardAddress!;
      const local = await start({ DEV_API_KEY: 'loopback-key' });
      try {
        const port = Number(new URL(local.base).port);
        expect(local.output()).toContain(`listening on http://localhost:${port}`);
        expect(await accepts('127.0.0.1', port)).toBe(true);
        expect(await accepts(address, port)).toBe(false);
      } finally {
        await local.close();
      }
      const shared = await start({ DEV_API_KEY: 'loopback-key', HOST: '0.0.0.0' });
      try {
        const port = Number(new URL(shared.base).port);
        expect(await accepts(address, port)).toBe(true);
        expect(shared.output()).toContain('HOST=0.0.0.0: reachable from other machines');
      } finally {
        await shared.close();
      }
    },
    120_000,
  );

  it('serves every tool on the embedded drivers with the configured development key, plan and credits', async () => {
    const server = await start({ DEV_API_KEY: 'newcomer-key', DEV_CREDITS: '500', DEV_PLAN: 'hobby' });
    try {
      expect(server.output()).toContain('dev API key: newcomer-key');
      expect(server.output()).toMatch(/500 credits, plan hobby/);
      const { base } = server;
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
      await server.close();
    }
  }, 90_000);

  it('keeps the account and the data on disk across restarts', async () => {
    const server = await start({ DEV_API_KEY: 'newcomer-key' });
    try {
      expect(server.output()).toMatch(/496 credits, plan hobby/);
      expect(server.output()).not.toContain('created now');
    } finally {
      await server.close();
    }
  }, 90_000);

  it('brings the existing account to DEV_CREDITS and DEV_PLAN when they are set', async () => {
    const server = await start({ DEV_API_KEY: 'newcomer-key', DEV_CREDITS: '7', DEV_PLAN: 'free' });
    try {
      expect(server.output()).toMatch(/7 credits, plan free/);
      const call = () =>
        fetch(`${server.base}/api/v1/tools/analyze_content`, {
          method: 'POST',
          headers: { 'X-API-Key': 'newcomer-key', 'Content-Type': 'application/json' },
          body: JSON.stringify({ content: 'A short text to analyse.' }),
        });
      const [first, second] = await Promise.all([call(), call()]);
      expect([first.status, second.status].sort()).toEqual([200, 429]);
    } finally {
      await server.close();
    }
  }, 90_000);

  it('generates a key once without DEV_API_KEY and prints the same one on the next start', async () => {
    const ownDir = mkdtempSync(join(tmpdir(), 'dev-server-key-'));
    try {
      const first = await start({ DATA_DIR: ownDir });
      const key = first.output().match(/dev API key: (wxk_\w+)/)?.[1];
      await first.close();
      expect(key).toBeDefined();
      const second = await start({ DATA_DIR: ownDir });
      expect(second.output()).toContain(`dev API key: ${key}`);
      await second.close();
    } finally {
      rmSync(ownDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a bad environment with the variable named', async () => {
    await expect(start({ PORT: 'eighty', DEV_API_KEY: 'k' })).rejects.toThrow(/PORT/);
  }, 60_000);
});
