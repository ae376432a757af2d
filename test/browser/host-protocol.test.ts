import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM } from '../../lib/browser/config.js';
import { BrowserHost } from '../../lib/browser/host/browser-host.js';
import { systemClock } from '../../lib/browser/host/clock.js';
import { createHostServer } from '../../lib/browser/host/host-server.js';
import { HOST_CALL_PATH, signedHeaders } from '../../lib/browser/host/protocol.js';
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
