import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostMatches, targetHost } from '../../lib/search/target-host.js';
import { serpRankTool } from '../../lib/tools/serp-rank/index.js';
import { DATAFORSEO_TEST_LOGIN, DATAFORSEO_TEST_PASSWORD, startDataForSeoFake } from '../fakes/dataforseo.js';
import type { FakeServer } from '../fakes/fake-http.js';
import { type Harness, startHarness } from '../support/harness.js';
import {
  captureOutput,
  expectNoSecret,
  expectNotConfigured,
  TEST_PROVIDER_TIMEOUT_MS,
  TEST_SLOW_MS,
} from './provider-support.js';

let dataforseo: FakeServer;
let harness: Harness;
let wrongLogin: Harness;
let unconfigured: Harness;

beforeAll(async () => {
  dataforseo = await startDataForSeoFake({ slowMs: TEST_SLOW_MS });
  const env = {
    PROVIDER_TIMEOUT_MS: TEST_PROVIDER_TIMEOUT_MS,
    DATAFORSEO_URL: dataforseo.url,
    DATAFORSEO_LOGIN: DATAFORSEO_TEST_LOGIN,
    DATAFORSEO_PASSWORD: DATAFORSEO_TEST_PASSWORD,
  };
  harness = await startHarness({ tools: [serpRankTool], env });
  wrongLogin = await startHarness({
    tools: [serpRankTool],
    env: { ...env, DATAFORSEO_PASSWORD: 'not-the-password-91' },
  });
  unconfigured = await startHarness({ tools: [serpRankTool] });
});
afterAll(async () => {
  await Promise.all([harness?.close(), wrongLogin?.close(), unconfigured?.close()]);
  await dataforseo?.close();
});

const rank = (h: Harness, body: Record<string, unknown>, key: string) => h.tool('serp_rank', body, key);

describe('serp_rank', () => {
  it('finds the best organic position by host, subdomains included, and charges 5', async () => {
    const account = await harness.account({ credits: 100 });
    const before = dataforseo.requests.length;
    const res = await rank(harness, { keyword: 'project tools', target: 'example.com' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(5);
    expect(res.body.data).toEqual({
      keyword: 'project tools',
      target: 'example.com',
      location: 'United States',
      language: 'en',
      device: 'desktop',
      depth: 30,
      found: true,
      rank: 3,
      url: 'https://www.example.com/pricing',
      // The featured snippet and People-also-ask links to example.com are not organic results.
      all_positions: [3, 7],
      matches: [
        { position: 3, url: 'https://www.example.com/pricing', title: 'Pricing | Example' },
        { position: 7, url: 'https://blog.example.com/posts/launch', title: 'Launch notes | Example blog' },
      ],
      results_scanned: 30,
      se_results_count: 1_350_000_000,
      check_url: expect.stringMatching(/^https:\/\/www\.google\.com\/search\?q=project\+tools/),
      checked_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const [sent] = dataforseo.requests.slice(before);
    expect(sent.method).toBe('POST');
    expect(sent.headers.authorization).toBe(
      `Basic ${Buffer.from(`${DATAFORSEO_TEST_LOGIN}:${DATAFORSEO_TEST_PASSWORD}`).toString('base64')}`,
    );
    expect(sent.body).toEqual([
      {
        keyword: 'project tools',
        location_name: 'United States',
        language_code: 'en',
        device: 'desktop',
        depth: 30,
      },
    ]);
  });

  it('sends location_code instead of the name when given, and the device, depth and language asked for', async () => {
    const account = await harness.account({ credits: 100 });
    const before = dataforseo.requests.length;
    const res = await rank(
      harness,
      {
        keyword: 'laptops',
        target: 'https://blog.example.com/any/path',
        location_name: 'Germany',
        location_code: 2826,
        device: 'mobile',
        depth: 200,
        language_code: 'de',
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(dataforseo.requests[before].body).toEqual([
      { keyword: 'laptops', location_code: 2826, language_code: 'de', device: 'mobile', depth: 200 },
    ]);
    // A URL target is matched by its host: only the blog subdomain counts now.
    expect(res.body.data).toMatchObject({
      location: 2826,
      device: 'mobile',
      depth: 200,
      rank: 7,
      all_positions: [7],
      results_scanned: 200,
    });
  });

  it('reports found: false with a null rank when the target is absent, and no results as an empty scan', async () => {
    const account = await harness.account({ credits: 100 });
    const absent = await rank(harness, { keyword: 'other fake:absent', target: 'example.com' }, account.key);
    expect(absent.body.data).toMatchObject({
      found: false,
      rank: null,
      url: null,
      all_positions: [],
      results_scanned: 30,
    });
    const none = await rank(harness, { keyword: 'gibberish fake:none', target: 'example.com' }, account.key);
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.data).toMatchObject({ found: false, rank: null, results_scanned: 0 });
  });

  it('never matches a host that merely ends in the target name', () => {
    expect(targetHost('www.Example.com')).toBe('example.com');
    expect(hostMatches('https://notexample.com/a', 'example.com')).toBe(false);
    expect(hostMatches('https://example.com.evil.net/a', 'example.com')).toBe(false);
    expect(hostMatches('https://a.b.example.com/a', 'example.com')).toBe(true);
    expect(hostMatches('https://example.com/a', 'example.com')).toBe(true);
  });

  it.each([
    ['a rate limit (40202)', 'busy fake:ratelimit', 429, 'TARGET_RETRY_LATER'],
    ['an exhausted balance (HTTP 402, 40200)', 'broke fake:balance', 429, 'TARGET_RETRY_LATER'],
    ['a timeout', 'slow fake:slow', 504, 'MCP_UPSTREAM_TIMEOUT'],
    ['a server error (50000)', 'broken fake:error', 502, 'TOOL_ERROR'],
    ['malformed JSON', 'garbled fake:malformed', 502, 'TOOL_ERROR'],
  ])('maps %s (keyword %s) to %i, uncharged', async (_label, keyword, status, code) => {
    const account = await harness.account({ credits: 100 });
    const res = await rank(harness, { keyword, target: 'example.com' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await account.balance()).toBe(100);
  });

  it('answers 503 when nothing listens at the provider address', async () => {
    const closed = await startHarness({
      tools: [serpRankTool],
      env: {
        DATAFORSEO_URL: 'http://127.0.0.1:9',
        DATAFORSEO_LOGIN: 'a-login',
        DATAFORSEO_PASSWORD: 'a-password',
      },
    });
    try {
      const account = await closed.account({ credits: 100 });
      const res = await rank(closed, { keyword: 'x', target: 'example.com' }, account.key);
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.error.code).toBe('TOOL_NOT_AVAILABLE');
      expect(await account.balance()).toBe(100);
    } finally {
      await closed.close();
    }
  });

  it("turns the provider's Invalid Field on a location into a 400 on that field", async () => {
    const account = await harness.account({ credits: 100 });
    const res = await rank(
      harness,
      { keyword: 'x', target: 'example.com', location_name: 'Atlantis' },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'location_name', message: expect.stringContaining('DataForSEO') },
    ]);
    expect(await account.balance()).toBe(100);
  });

  it('never shows the login or password, in a refused-credentials answer or in the log', async () => {
    const account = await wrongLogin.account({ credits: 100 });
    const { result: res, output } = await captureOutput(() =>
      rank(wrongLogin, { keyword: 'x', target: 'example.com' }, account.key),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    expect(res.body.error.provider_failure).toBe('auth');
    const basic = Buffer.from(`${DATAFORSEO_TEST_LOGIN}:not-the-password-91`).toString('base64');
    expectNoSecret(res, DATAFORSEO_TEST_LOGIN, 'not-the-password-91', basic);
    expect(output).toContain('provider call failed');
    for (const secret of [DATAFORSEO_TEST_LOGIN, 'not-the-password-91', basic])
      expect(output).not.toContain(secret);
  });

  it.each([
    [{ target: 'example.com' }, 'keyword'],
    [{ keyword: 'x' }, 'target'],
    [{ keyword: 'x', target: 'example.com', depth: 9 }, 'depth'],
    [{ keyword: 'x', target: 'example.com', depth: 201 }, 'depth'],
    [{ keyword: 'x', target: 'example.com', device: 'tablet' }, 'device'],
  ])('refuses %j with 400 on %s, uncharged', async (body, field) => {
    const account = await harness.account({ credits: 100 });
    const res = await rank(harness, body, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(await account.balance()).toBe(100);
  });

  it('answers 503 naming the DataForSEO variables when not configured', async () => {
    const account = await unconfigured.account({ credits: 100 });
    const res = await rank(unconfigured, { keyword: 'x', target: 'example.com' }, account.key);
    expectNotConfigured(res, 'DATAFORSEO_LOGIN', 'DATAFORSEO_PASSWORD');
    expect(await account.balance()).toBe(100);
  });
});
