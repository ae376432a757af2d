import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stealthModeTool } from '../../lib/tools/stealth-mode/index.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';
import type { TestAccount } from '../support/harness.js';
import { respond } from '../support/tool-site.js';
import { type BrowserSite, HTML, page, startBrowserSite } from './support/browser-site.js';

/** stealth_mode (docs/reference/browsers.md#stealth_mode): its six operations, levels, engines and errors, on a real Chromium. */

const seen: Array<Record<string, string | string[] | undefined>> = [];
let upstream: FixtureServer;
const viaUpstream: string[] = [];
let site: BrowserSite;

beforeAll(async () => {
  // The caller's own proxy: it forwards absolute-form requests and notes what went through it.
  upstream = await startFixtureServer((req, res) => {
    viaUpstream.push(req.url ?? '');
    const target = new URL(req.url ?? '');
    const forwarded = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  site = await startBrowserSite({
    host: 'stealth.test',
    tools: [stealthModeTool],
    env: { FETCH_HOST_MAP: 'proxy.test=127.0.0.1' },
    routes: {
      '/': (req, res) => {
        seen.push({ ...req.headers });
        res.writeHead(200, HTML);
        res.end(
          page(
            '<main><h1>Pricing</h1><p>Three plans, billed monthly.</p><a href="/plans">Plans</a></main>',
            '<title>Pricing</title><meta name="description" content="Our prices">',
          ),
        );
      },
      '/gone': respond(
        404,
        { 'content-type': 'text/html' },
        page('<h1>Not here</h1><p>This page was removed.</p>'),
      ),
      '/wall': respond(
        403,
        { 'content-type': 'text/html', 'cf-mitigated': 'challenge', server: 'cloudflare' },
        page('<title>Just a moment...</title>'),
      ),
    },
  });
});
afterAll(async () => {
  await site?.close();
  await upstream?.close();
});

const call = (account: TestAccount, body: Record<string, unknown>) =>
  site.harness.tool('stealth_mode', body, account.key);

describe('configure', () => {
  it('is the default operation: validates, fills every default, stores nothing, 5 credits', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call(account, { stealthConfig: { level: 'advanced', locale: 'de-DE' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(5);
    expect(res.body.data).toMatchObject({
      operation: 'configure',
      engine: 'engine_a',
      stealthConfig: {
        level: 'advanced',
        randomizeFingerprint: true,
        hideWebDriver: true,
        blockWebRTC: true,
        spoofTimezone: true,
        randomizeHeaders: true,
        useRandomUserAgent: true,
        simulateHumanBehavior: true,
        locale: 'de-DE',
      },
      note: expect.stringContaining('nothing is stored'),
    });
    const defaults = await call(account, {});
    expect(defaults.body.data.stealthConfig).toMatchObject({ level: 'medium', locale: 'en-US' });
  });

  it.each([
    [{ operation: 'fly' }, 'operation'],
    [{ stealthConfig: { level: 'paranoid' } }, 'stealthConfig.level'],
    [
      { stealthConfig: { customViewport: { width: 2000, height: 900 } } },
      'stealthConfig.customViewport.width',
    ],
    [{ stealthConfig: { timezone: 'Mars/Olympus' } }, 'stealthConfig.timezone'],
    [{ operation: 'scrape' }, 'url'],
    [{ operation: 'create_page', urlToTest: 'https://example.com/' }, 'contextId'],
    [{ wait_for: 30001 }, 'wait_for'],
    [
      {
        operation: 'scrape',
        url: 'https://example.com/',
        engine: 'engine_b',
        stealthConfig: { proxyRotation: { proxies: ['http://p.example:8080'] } },
      },
      'stealthConfig.proxyRotation',
    ],
  ])('refuses %j with 400 on %s, uncharged', async (body, field) => {
    const account = await site.harness.account({ credits: 10 });
    const res = await call(account, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(await account.balance()).toBe(10);
  });
});

describe('scrape', () => {
  it('loads the page through the profile and returns every format, the title and the final URL', async () => {
    const account = await site.harness.account({ credits: 100 });
    const before = seen.length;
    const res = await call(account, {
      operation: 'scrape',
      url: site.url('/'),
      formats: ['markdown', 'html', 'text', 'links', 'metadata', 'screenshot'],
      stealthConfig: { simulateHumanBehavior: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(5);
    const data = res.body.data;
    expect(data).toMatchObject({
      url: site.url('/'),
      final_url: site.url('/'),
      title: 'Pricing',
      status: 200,
      level: 'medium',
    });
    expect(data.formats.markdown).toContain('# Pricing');
    expect(data.formats.html).toContain('<h1>Pricing</h1>');
    expect(data.formats.text).toContain('Three plans');
    expect(data.formats.links[0]).toMatchObject({ href: site.url('/plans'), text: 'Plans' });
    expect(data.formats.metadata).toMatchObject({ title: 'Pricing', description: 'Our prices' });
    expect(data.formats.screenshot).toMatch(/^webextract:\/\/screenshot\/shot_/);
    const headers = seen.slice(before).find((entry) => entry['user-agent']);
    expect(headers?.['user-agent']).toMatch(/Mozilla\/5\.0 .*(Chrome|Firefox|Safari)/);
    expect(headers?.['user-agent']).not.toContain('Headless');
    expect(headers?.['accept-language']).toMatch(/^en-US/);
  });

  it('answers a page that is still a wall with BLOCKED and a target error with UPSTREAM_HTTP, uncharged', async () => {
    const account = await site.harness.account({ credits: 100 });
    const walled = await call(account, {
      operation: 'scrape',
      url: site.url('/wall'),
      stealthConfig: { level: 'basic', simulateHumanBehavior: false },
    });
    expect(walled.status, JSON.stringify(walled.body)).toBe(403);
    expect(walled.body.error).toMatchObject({
      code: 'BLOCKED',
      blocked: { vendor: 'cloudflare' },
      next_step: expect.stringContaining('does not solve challenges'),
    });
    const missing = await call(account, {
      operation: 'scrape',
      url: site.url('/gone'),
      stealthConfig: { simulateHumanBehavior: false },
    });
    expect(missing.status, JSON.stringify(missing.body)).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'UPSTREAM_HTTP', message: 'Target answered HTTP 404' });
    expect(await account.balance()).toBe(100);
  });

  it('cuts a wait_for that would end past the call window, and says by how much', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call(account, {
      operation: 'scrape',
      url: site.url('/'),
      wait_for: 30000,
      stealthConfig: { simulateHumanBehavior: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The contract: the call ends inside its function's ~30 s window, where it used to time out.
    expect(res.body.processing_time).toBeLessThan(28_000);
    expect(res.body.warnings).toEqual([
      expect.stringMatching(/^wait_for was cut from 30000 to \d+ ms \(by \d+ ms\)/),
    ]);
    expect(res.body.credits_used).toBe(5);
  });

  it('answers a robots.txt refusal with 502 TOOL_ERROR and a private address with 403, uncharged', async () => {
    const account = await site.harness.account({ credits: 100 });
    const robots = await call(account, { operation: 'scrape', url: site.url('/private/x') });
    expect(robots.status).toBe(502);
    expect(robots.body.error).toMatchObject({
      code: 'TOOL_ERROR',
      message: expect.stringContaining('no browser was launched'),
    });
    const ssrf = await call(account, {
      operation: 'scrape',
      url: 'http://169.254.169.254/latest/meta-data/',
    });
    expect(ssrf.status).toBe(403);
    expect(ssrf.body.error.code).toBe('SSRF_BLOCKED');
    expect(await account.balance()).toBe(100);
  });

  it('goes through the caller’s own proxy with proxyRotation', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call(account, {
      operation: 'scrape',
      url: site.url('/'),
      stealthConfig: {
        simulateHumanBehavior: false,
        proxyRotation: { proxies: [upstream.url('/', 'proxy.test')] },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(viaUpstream).toContain(site.url('/'));
  });

  it('answers engine_b with 503 where no Firefox-based engine is installed', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call(account, { operation: 'scrape', url: site.url('/'), engine: 'engine_b' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('TOOL_NOT_AVAILABLE');
    const context = await call(account, { operation: 'create_context', engine: 'engine_b' });
    expect(context.status).toBe(503);
    expect(await account.balance()).toBe(100);
  });
});

describe('contexts', () => {
  it('create_context, create_page, get_stats and cleanup keep to the caller’s own contexts', async () => {
    const account = await site.harness.account({ credits: 100 });
    const other = await site.harness.account({ credits: 100 });
    const created = await call(account, {
      operation: 'create_context',
      stealthConfig: {
        level: 'medium',
        simulateHumanBehavior: false,
        proxyRotation: { proxies: ['http://user:hunter2@proxy.test:9/'] },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const context = created.body.data;
    expect(context.contextId).toMatch(/^ctx_[0-9A-Z]+$/);
    expect(context).toMatchObject({ engine: 'engine_a', message: expect.stringContaining('create_page') });
    expect(context.stealthConfig.proxyRotation.proxies).toEqual(['http://user:****@proxy.test:9']);
    expect(context.fingerprint).toMatchObject({
      userAgent: expect.stringContaining('Mozilla/5.0'),
      locale: 'en-US',
    });

    const plain = await call(account, {
      operation: 'create_context',
      stealthConfig: { simulateHumanBehavior: false },
    });
    const opened = await call(account, {
      operation: 'create_page',
      contextId: plain.body.data.contextId,
      urlToTest: site.url('/'),
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data).toMatchObject({ title: 'Pricing', status: 200, page_closed: true });
    expect(opened.body.data.checks).toMatchObject({
      webdriver: false,
      webrtc: false,
      userAgent: plain.body.data.fingerprint.userAgent,
      languages: expect.arrayContaining(['en-US']),
    });

    const foreign = await call(other, {
      operation: 'create_page',
      contextId: plain.body.data.contextId,
      urlToTest: site.url('/'),
    });
    expect(foreign.status).toBe(404);

    const stats = await call(account, { operation: 'get_stats' });
    expect(stats.body.data).toEqual({
      activeContexts: 2,
      totalFingerprintsSaved: 2,
      browserRunning: true,
      humanBehaviorActive: false,
      proxyStatus: { enabled: true, currentProxy: 'http://proxy.test:9', totalProxies: 1 },
    });
    const otherStats = await call(other, { operation: 'get_stats' });
    expect(otherStats.body.data).toMatchObject({ activeContexts: 0, totalFingerprintsSaved: 0 });

    const cleaned = await call(account, { operation: 'cleanup' });
    expect(cleaned.body.data).toMatchObject({ cleaned: 2 });
    const after = await call(account, { operation: 'get_stats' });
    expect(after.body.data).toMatchObject({ activeContexts: 0, totalFingerprintsSaved: 0 });
    const gone = await call(account, {
      operation: 'create_page',
      contextId: plain.body.data.contextId,
      urlToTest: site.url('/'),
    });
    expect(gone.status).toBe(404);
  });

  it('shows navigator.webdriver at basic and hides it, with a masked WebGL, from medium', async () => {
    const account = await site.harness.account({ credits: 100 });
    const checksAt = async (level: string) => {
      const context = await call(account, {
        operation: 'create_context',
        stealthConfig: { level, simulateHumanBehavior: false },
      });
      const opened = await call(account, {
        operation: 'create_page',
        contextId: context.body.data.contextId,
        urlToTest: site.url('/'),
      });
      return { checks: opened.body.data.checks, fingerprint: context.body.data.fingerprint };
    };
    const basic = await checksAt('basic');
    expect(basic.checks.webdriver).toBe(true);
    expect(basic.fingerprint.webgl).toBeNull();
    const medium = await checksAt('medium');
    expect(medium.checks.webdriver).toBe(false);
    expect(medium.fingerprint.webgl).toMatchObject({ vendor: expect.any(String) });
    if (medium.checks.webgl) expect(medium.checks.webgl.vendor).toBe(medium.fingerprint.webgl.vendor);
    const advanced = await checksAt('advanced');
    expect(advanced.checks.userAgent).toMatch(/Chrome\/\d+\.0\.0\.0/);
    expect(advanced.checks.platform).toBe('Linux x86_64');
    await call(account, { operation: 'cleanup' });
  });

  it('returns the whole generated fingerprint with verbose', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call(account, { operation: 'create_context', verbose: true });
    expect(res.body.data.fingerprint).toMatchObject({
      fingerprint: { navigator: { userAgent: expect.any(String) }, screen: expect.any(Object) },
      headers: expect.any(Object),
    });
    await call(account, { operation: 'cleanup' });
  });
});
