import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWebTool } from '../../lib/tools/search-web/index.js';
import { BRAVE_TEST_KEY, startBraveFake } from '../fakes/brave.js';
import type { FakeServer } from '../fakes/fake-http.js';
import { startSearxngFake } from '../fakes/searxng.js';
import { type Harness, startHarness } from '../support/harness.js';
import { captureOutput, expectNoSecret, TEST_PROVIDER_TIMEOUT_MS, TEST_SLOW_MS } from './provider-support.js';

let searxng: FakeServer;
let brave: FakeServer;
let viaBrave: Harness;

beforeAll(async () => {
  searxng = await startSearxngFake();
  brave = await startBraveFake({ slowMs: TEST_SLOW_MS });
  viaBrave = await startHarness({
    tools: [searchWebTool],
    // Both configured: SEARCH_PROVIDER decides.
    env: {
      PROVIDER_TIMEOUT_MS: TEST_PROVIDER_TIMEOUT_MS,
      SEARXNG_URL: searxng.url,
      BRAVE_SEARCH_URL: brave.url,
      BRAVE_SEARCH_API_KEY: BRAVE_TEST_KEY,
      SEARCH_PROVIDER: 'brave',
    },
  });
});
afterAll(async () => {
  await viaBrave?.close();
  await Promise.all([searxng?.close(), brave?.close()]);
});

const search = (harness: Harness, body: Record<string, unknown>, key: string) =>
  harness.tool('search_web', body, key);

describe('search_web on Brave', () => {
  it('sends count, offset pages, search_lang, safesearch and freshness with the subscription token', async () => {
    const account = await viaBrave.account({ credits: 100 });
    const before = brave.requests.length;
    const res = await search(
      viaBrave,
      { query: 'tokio runtime', lang: 'ja', time_range: 'month', safe_search: true, limit: 30 },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = brave.requests.slice(before);
    expect(sent.map((request) => request.query.get('offset'))).toEqual(['0', '1']);
    expect(sent[0].headers['x-subscription-token']).toBe(BRAVE_TEST_KEY);
    expect(Object.fromEntries(sent[0].query)).toMatchObject({
      q: 'tokio runtime',
      count: '20',
      search_lang: 'jp',
      safesearch: 'strict',
      freshness: 'pm',
    });
    expect(res.body.data.results).toHaveLength(30);
    expect(new Set(res.body.data.results.map((result: { url: string }) => result.url)).size).toBe(30);
    expect(searxng.requests).toHaveLength(0);
  });

  it('asks only for the Brave pages whose results are used', async () => {
    const account = await viaBrave.account({ credits: 100 });
    let before = brave.requests.length;
    const res = await search(viaBrave, { query: 'paid pages', offset: 40, limit: 10 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Results 40-49 sit on the third page of 20: pages 0 and 1 are never bought.
    expect(brave.requests.slice(before).map((request) => request.query.get('offset'))).toEqual(['2']);
    expect(res.body.data.results).toHaveLength(10);

    before = brave.requests.length;
    const short = await search(viaBrave, { query: 'few fake:results=25', limit: 100 }, account.key);
    expect(short.body.data.results).toHaveLength(25);
    expect(brave.requests.slice(before).map((request) => request.query.get('offset'))).toEqual(['0', '1']);

    before = brave.requests.length;
    const beyond = await search(viaBrave, { query: 'deep', offset: 300, limit: 10 }, account.key);
    expect(beyond.status, JSON.stringify(beyond.body)).toBe(200);
    expect(beyond.body.data.results).toEqual([]);
    expect(brave.requests.slice(before)).toHaveLength(0);
  });

  it("turns Brave's <strong> highlights into <b> and decodes its entities in the plain snippet", async () => {
    const account = await viaBrave.account({ credits: 100 });
    const res = await search(viaBrave, { query: 'teh runtime fake:misspelt', limit: 1 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.data.results;
    expect(result.snippet).toBe('Result 1 about teh runtime: what it means, how it works & when to use it.');
    expect(result.htmlSnippet).toBe(
      'Result 1 about <b>teh</b> <b>runtime</b>: what it means, how it works &amp; when to use it.',
    );
    expect(result.displayLink).toBe('developer.mozilla.org');
    expect(result.pagemap).toEqual({ cse_thumbnail: [{ src: 'https://imgs.search.brave.com/thumb/0.jpg' }] });
    expect(res.body.data.spelling_correction).toBe('the runtime fake:misspelt');
    expect(res.body.data.related_searches).toEqual([]);
  });

  it("answers Brave's 429 RATE_LIMITED as 500 TOOL_ERROR, uncharged, without the key anywhere", async () => {
    const account = await viaBrave.account({ credits: 100 });
    const { result: res, output } = await captureOutput(() =>
      search(viaBrave, { query: 'busy fake:ratelimit' }, account.key),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(500);
    expect(res.body.error).toMatchObject({
      code: 'TOOL_ERROR',
      provider: 'Brave Search',
      provider_failure: 'rate_limited',
    });
    expect(res.body.error.message).toContain('RATE_LIMITED');
    expectNoSecret(res, BRAVE_TEST_KEY);
    expect(output).toContain('provider call failed');
    expect(output).not.toContain(BRAVE_TEST_KEY);
    expect(await account.balance()).toBe(100);
  });
});

describe('search_web on Brave failing', () => {
  it.each([
    ['a slow answer', 'slow fake:slow'],
    ['a server error', 'broken fake:error'],
    ['malformed JSON', 'garbled fake:malformed'],
  ])('answers %s with 500 TOOL_ERROR, uncharged', async (_label, query) => {
    const account = await viaBrave.account({ credits: 100 });
    const res = await search(viaBrave, { query }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(500);
    expect(res.body.error).toMatchObject({ code: 'TOOL_ERROR', provider: 'Brave Search' });
    expect(await account.balance()).toBe(100);
  });

  it("answers a refused subscription token without the token or Brave's wording", async () => {
    const wrong = await startHarness({
      tools: [searchWebTool],
      env: { BRAVE_SEARCH_URL: brave.url, BRAVE_SEARCH_API_KEY: 'BSA-not-the-right-token-00' },
    });
    try {
      const account = await wrong.account({ credits: 100 });
      const { result: res, output } = await captureOutput(() => search(wrong, { query: 'x' }, account.key));
      expect(res.status, JSON.stringify(res.body)).toBe(500);
      expect(res.body.error.provider_failure).toBe('auth');
      expectNoSecret(res, 'BSA-not-the-right-token-00', BRAVE_TEST_KEY);
      expect(output).not.toContain('BSA-not-the-right-token-00');
    } finally {
      await wrong.close();
    }
  });
});
