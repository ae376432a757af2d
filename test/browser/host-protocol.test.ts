import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM } from '../../lib/browser/config.js';
import { BrowserHost } from '../../lib/browser/host/browser-host.js';
import { systemClock } from '../../lib/browser/host/clock.js';
import { createHostServer } from '../../lib/browser/host/host-server.js';
import {
  HOST_CALL_PATH,
  NONCE_HEADER,
  ReplayGuard,
  SIGNATURE_HEADER,
  signedHeaders,
  TOLERANCE_SECONDS,
} from '../../lib/browser/host/protocol.js';
import { BrowserInstance } from '../../lib/browser/launch/browser-instance.js';
import { openBrowserRuntime } from '../../lib/browser/runtime.js';
import type { BrowserRuntime } from '../../lib/browser/tier.js';
import { browserSessionTool } from '../../lib/tools/browser-session/index.js';
import { respond, startToolSite, type ToolSite } from '../support/tool-site.js';
import { HTML, page } from './support/browser-site.js';

/**
 * The internal protocol as it runs in AWS: browser_session's function on one side, the browser host
 * on the other, a signed JSON POST between them over real HTTP.
 */

const TOKEN = 'test-host-token-0123456789abcdef0123456789';
let site: ToolSite;
let instance: BrowserInstance;
let host: BrowserHost;
let server: Server;
let hostUrl: string;
let runtime: BrowserRuntime | undefined;

beforeAll(async () => {
  site = await startToolSite({
    host: 'remote.test',
    tools: [browserSessionTool],
    routes: {
      '/': respond(
        200,
        HTML,
        page('<h1>Served through the host</h1><button>Press</button>', '<title>Remote</title>'),
      ),
    },
    prepare: async (services) => {
      instance = new BrowserInstance(
        { executablePath: DEBIAN_CHROMIUM, engineBExecutablePath: null },
        services.config,
      );
      host = new BrowserHost({
        instance,
        guardEnv: { config: services.config, kv: services.kv },
        db: services.db,
        clock: systemClock,
        limits: { maxSessions: 4, maxSessionsPerAccount: 4 },
        sweepIntervalMs: 0,
      });
      server = createHostServer(host, TOKEN);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      hostUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      runtime = openBrowserRuntime(services, {
        settings: {
          executablePath: null,
          engineBExecutablePath: null,
          host: { kind: 'remote', url: hostUrl, token: TOKEN },
          maxSessions: 4,
          maxSessionsPerAccount: 4,
        },
      });
      services.browser = runtime;
      return async () => {
        await runtime?.close();
        await host.stop();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await instance.close();
      };
    },
  });
});
afterAll(() => site?.close());

describe('signed calls', () => {
  it('runs a whole session through the host over HTTP', async () => {
    const account = await site.harness.account({ credits: 100 });
    const call = (body: Record<string, unknown>) => site.harness.tool('browser_session', body, account.key);
    const open = await call({ operation: 'open', url: site.url('/') });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(runtime?.localHost).toBeNull();
    expect(host.liveEntries).toBe(1);
    const id = open.body.data.sessionId;
    const snapshot = await call({ operation: 'snapshot', session_id: id });
    expect(snapshot.body.data.snapshot.tree).toBe('@e1 [button] Press');
    const read = await call({ operation: 'read', session_id: id });
    expect(read.body.data.content.markdown).toContain('# Served through the host');
    const robots = await call({
      operation: 'act',
      session_id: id,
      actions: [{ type: 'navigate', url: site.url('/private/x') }],
    });
    expect(robots.status).toBe(403);
    expect(robots.body.error.code).toBe('ROBOTS_DISALLOWED');
    const overridden = await call({
      operation: 'act',
      session_id: id,
      respect_robots: false,
      actions: [{ type: 'navigate', url: site.url('/private/x') }],
    });
    expect(overridden.body.warnings).toEqual([expect.stringContaining('robots.txt disallows')]);
    expect((await call({ operation: 'close', session_id: id })).status).toBe(200);
    expect(host.liveEntries).toBe(0);
    expect(await account.balance()).toBe(100 - 3 - 1 - 2 - 1 - 1);
  });
});

describe('the host refuses what is not signed by the token', () => {
  const body = JSON.stringify({
    caller: {
      accountId: 'acc_x',
      apiKeyId: 'key_x',
      requestId: 'req_x',
      tool: 'browser_session',
      respectRobots: true,
    },
    operation: { op: 'session.list', params: {} },
  });
  const post = (headers: Record<string, string>) =>
    fetch(`${hostUrl}${HOST_CALL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('answers 401 to no signature, a wrong one, another token’s and a stale one', async () => {
    expect((await post({})).status).toBe(401);
    const good = signedHeaders(TOKEN, body);
    expect((await post({ ...good, 'x-browser-host-signature': '00'.repeat(32) })).status).toBe(401);
    expect((await post(signedHeaders('another-token-0123456789abcdef0123456789', body))).status).toBe(401);
    expect((await post(signedHeaders(TOKEN, body, Date.now() - 10 * 60 * 1000))).status).toBe(401);
    const signed = await post(good);
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({ ok: true, data: { sessions: [], count: 0 } });
  });

  it('accepts a signed call once: the same request sent again is refused, as is one with its nonce changed', async () => {
    const signed = signedHeaders(TOKEN, body);
    expect((await post(signed)).status).toBe(200);
    const replayed = await post(signed);
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ error: 'replayed request' });
    // The nonce is part of what is signed: a new one on a captured request breaks the signature.
    const renonced = await post({ ...signed, [NONCE_HEADER]: 'ab'.repeat(16) });
    expect(renonced.status).toBe(401);
    expect(await renonced.json()).toEqual({ error: 'bad signature' });
    const { [NONCE_HEADER]: _nonce, ...withoutNonce } = signedHeaders(TOKEN, body);
    expect((await post(withoutNonce)).status).toBe(401);
  });

  it(`takes a timestamp within ${TOLERANCE_SECONDS} s either way, and nothing older or newer`, async () => {
    const seconds = (n: number) => Date.now() + n * 1000;
    expect((await post(signedHeaders(TOKEN, body, seconds(-(TOLERANCE_SECONDS - 5))))).status).toBe(200);
    expect((await post(signedHeaders(TOKEN, body, seconds(TOLERANCE_SECONDS - 5)))).status).toBe(200);
    expect((await post(signedHeaders(TOKEN, body, seconds(-(TOLERANCE_SECONDS + 2))))).status).toBe(401);
    expect((await post(signedHeaders(TOKEN, body, seconds(TOLERANCE_SECONDS + 2)))).status).toBe(401);
    // A forged signature spends no nonce: the genuine request with that nonce still goes through.
    const genuine = signedHeaders(TOKEN, body);
    expect((await post({ ...genuine, [SIGNATURE_HEADER]: 'cd'.repeat(32) })).status).toBe(401);
    expect((await post(genuine)).status).toBe(200);
  });

  it('remembers nonces only while their timestamps could still pass', () => {
    const guard = new ReplayGuard();
    const start = 1_700_000_000_000;
    for (let n = 0; n < 1_000; n += 1)
      expect(guard.admit(`nonce-${n}`, Math.floor(start / 1000), start)).toBe(true);
    expect(guard.admit('nonce-7', Math.floor(start / 1000), start + 1_000)).toBe(false);
    expect(guard.size).toBe(1_000);
    const later = start + (TOLERANCE_SECONDS + 2) * 1000;
    expect(guard.admit('nonce-late', Math.floor(later / 1000), later)).toBe(true);
    expect(guard.size).toBe(1);
  });

  it('serves its health without a signature', async () => {
    const res = await fetch(`${hostUrl}/health`);
    expect(await res.json()).toMatchObject({ ok: true, live: expect.any(Number) });
  });

  it('answers 503 TOOL_NOT_AVAILABLE, uncharged, when the host cannot be reached', async () => {
    const account = await site.harness.account({ credits: 100 });
    const services = site.harness.services;
    const working = services.browser;
    services.browser = openBrowserRuntime(services, {
      settings: {
        executablePath: null,
        engineBExecutablePath: null,
        host: { kind: 'remote', url: 'http://127.0.0.1:9', token: TOKEN },
        maxSessions: 1,
        maxSessionsPerAccount: 1,
      },
    });
    try {
      const res = await site.harness.tool('browser_session', { operation: 'list' }, account.key);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('TOOL_NOT_AVAILABLE');
      expect(await account.balance()).toBe(100);
    } finally {
      services.browser = working;
    }
  });
});
