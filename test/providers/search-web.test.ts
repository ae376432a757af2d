import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWebTool } from '../../lib/tools/search-web/index.js';
import type { FakeServer } from '../fakes/fake-http.js';
import { defaultCorpus } from '../fakes/search-corpus.js';
import { startSearxngFake } from '../fakes/searxng.js';
import { type Harness, startHarness } from '../support/harness.js';
import { expectNotConfigured, TEST_PROVIDER_TIMEOUT_MS, TEST_SLOW_MS } from './provider-support.js';

let searxng: FakeServer;
let viaSearxng: Harness;
let unconfigured: Harness;

const PII_QUERY = 'contact sheet';
const corpus = (query: string) =>
  query.startsWith(PII_QUERY)
    ? [
        {
          url: 'https://people.example.org/staff?mail=jo@example.org',
          title: 'Write to jo@example.org',
          snippet: 'Call 555-201-4477 or mail jo@example.org for the contact sheet.',
        },
      ]
    : defaultCorpus(query);

beforeAll(async () => {
  searxng = await startSearxngFake({ slowMs: TEST_SLOW_MS, corpus });
  const timeouts = { PROVIDER_TIMEOUT_MS: TEST_PROVIDER_TIMEOUT_MS };
  viaSearxng = await startHarness({ tools: [searchWebTool], env: { ...timeouts, SEARXNG_URL: searxng.url } });
  unconfigured = await startHarness({ tools: [searchWebTool] });
});
afterAll(async () => {
  await Promise.all([viaSearxng?.close(), unconfigured?.close()]);
  await searxng?.close();
});

const search = (harness: Harness, body: Record<string, unknown>, key: string) =>
  harness.tool('search_web', body, key);

describe('search_web on SearXNG', () => {
  it('maps one page into the Custom Search fields and charges 5', async () => {
    const account = await viaSearxng.account({ credits: 100 });
    const before = searxng.requests.length;
    const res = await search(viaSearxng, { query: 'retry after header' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: 5, credits_remaining: 95 });
    const data = res.body.data;
    expect(Object.keys(data)).toEqual([
      'query',
      'search_metadata',
      'results',
      'spelling_correction',
      'related_searches',
    ]);
    expect(data.query).toBe('retry after header');
    expect(data.search_metadata).toEqual({
      total_results: 20,
      results_returned: 10,
      offset: 0,
      search_time: expect.any(Number),
      lang: 'en',
      safe_search: false,
      time_range: 'all',
      site: null,
      file_type: null,
    });
    expect(data.results).toHaveLength(10);
    expect(data.results[0]).toEqual({
      title: 'retry after header — result 1',
      url: 'https://developer.mozilla.org/retry-after-header/1',
      snippet: 'Result 1 about retry after header: what it means, how it works & when to use it.',
      displayLink: 'developer.mozilla.org',
      formattedUrl: 'https://developer.mozilla.org/retry-after-header/1',
      htmlSnippet: 'Result 1 about retry after header: what it means, how it works &amp; when to use it.',
      htmlTitle: 'retry after header — result 1',
      pagemap: { cse_thumbnail: [{ src: 'https://www.example.com/static/thumb.png' }] },
    });
    expect(data.results[1]).not.toHaveProperty('pagemap');
    expect(data.results[1]).not.toHaveProperty('cacheId');
    expect(data.spelling_correction).toBeNull();
    expect(data.related_searches).toEqual(['retry after header example', 'retry after header explained']);

    // One provider page, asked for as SearXNG documents it.
    const sent = searxng.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0].query)).toEqual({
      q: 'retry after header',
      format: 'json',
      pageno: '1',
      language: 'en',
      safesearch: '0',
    });
  });

  it('gathers limit 100 over at most five provider pages, in order, without the duplicates pages share', async () => {
    const account = await viaSearxng.account({ credits: 100 });
    const before = searxng.requests.length;
    const res = await search(viaSearxng, { query: 'many pages', limit: 100 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // ceil(100 / 20) pages at most; they overlap by two, so five pages hold 20 + 4 × 18 results.
    expect(searxng.requests.slice(before).map((request) => request.query.get('pageno'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    const urls = res.body.data.results.map((result: { url: string }) => result.url);
    expect(urls).toEqual(
      defaultCorpus('many pages')
        .slice(0, 92)
        .map((hit) => hit.url),
    );
    expect(res.body.data.search_metadata).toMatchObject({ results_returned: 92, total_results: 92 });
  });

  it('stops at the first short page: limit 100 with 37 results asks for two pages', async () => {
    const account = await viaSearxng.account({ credits: 100 });
    const before = searxng.requests.length;
    const res = await search(viaSearxng, { query: 'rare topic fake:results=37', limit: 100 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(searxng.requests.slice(before).map((request) => request.query.get('pageno'))).toEqual(['1', '2']);
    expect(res.body.data.results).toHaveLength(37);
    expect(res.body.data.search_metadata).toMatchObject({ results_returned: 37, total_results: 37 });
  });

  it('asks for no page past what offset + limit needs', async () => {
    const account = await viaSearxng.account({ credits: 100 });
    const before = searxng.requests.length;
    const res = await search(viaSearxng, { query: 'just enough', offset: 5, limit: 10 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(searxng.requests.slice(before)).toHaveLength(1);
    expect(res.body.data.results.map((result: { url: string }) => result.url)).toEqual(
      defaultCorpus('just enough')
        .slice(5, 15)
        .map((hit) => hit.url),
    );
  });

  it('skips `offset` results', async () => {
    const account = await viaSearxng.account({ credits: 100 });
    const res = await search(viaSearxng, { query: 'paged topic', offset: 20, limit: 10 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results.map((result: { url: string }) => result.url)).toEqual(
      defaultCorpus('paged topic')
        .slice(20, 30)
        .map((hit) => hit.url),
    );
    expect(res.body.data.search_metadata.offset).toBe(20);
  });

  it('appends site: and filetype:, and sends lang, safe_search and time_range as SearXNG parameters', async () => {
    const account = await viaSearxng.account({ credits: 100 });
    const before = searxng.requests.length;
    const res = await search(
      viaSearxng,
      {
        query: 'annual report',
        site: 'https://docs.example.com/',
        file_type: '.PDF',
        lang: 'DE',
        safe_search: true,
        time_range: 'week',
        limit: 3,
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = searxng.requests[before].query;
    expect(sent.get('q')).toBe('annual report site:docs.example.com filetype:pdf');
    expect(sent.get('language')).toBe('de');
    expect(sent.get('safesearch')).toBe('2');
    expect(sent.get('time_range')).toBe('week');
    expect(res.body.data.query).toBe('annual report');
    expect(res.body.data.search_metadata).toMatchObject({
      lang: 'de',
      safe_search: true,
      time_range: 'week',
      site: 'docs.example.com',
      file_type: 'pdf',
    });
    expect(res.body.data.results[0].url).toBe('https://docs.example.com/annual-report/1.pdf');
  });

  it('reports the spelling correction, and answers no results with an empty list, charged', async () => {
    const account = await viaSearxng.account({ credits: 100 });
    const misspelt = await search(viaSearxng, { query: 'teh fox fake:misspelt' }, account.key);
    expect(misspelt.body.data.spelling_correction).toBe('the fox');
    const empty = await search(viaSearxng, { query: 'nothing fake:empty' }, account.key);
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body.data.results).toEqual([]);
    expect(empty.body.data.search_metadata).toMatchObject({ total_results: 0, results_returned: 0 });
    expect(empty.body.credits_used).toBe(5);
  });

  it.each([
    ['a slow provider (past the timeout)', 'slow answer fake:slow'],
    ['its rate limiter', 'busy fake:ratelimit'],
    ['a server error', 'broken fake:error'],
    ['malformed JSON', 'garbled fake:malformed'],
    ['every engine asked failing', 'dead engines fake:all-engines-down'],
  ])('answers 500 TOOL_ERROR for a single query on %s, uncharged', async (_label, query) => {
    const account = await viaSearxng.account({ credits: 100 });
    const res = await search(viaSearxng, { query }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(500);
    expect(res.body.error.code).toBe('TOOL_ERROR');
    expect(res.body.error.message).toContain('SearXNG');
    expect(await account.balance()).toBe(100);
  });

  it('names every engine when all the engines asked failed', async () => {
    const account = await viaSearxng.account({ credits: 100 });
    const res = await search(viaSearxng, { query: 'dead engines fake:all-engines-down' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(500);
    expect(res.body.error.message).toBe(
      'The search provider (SearXNG) failed: every engine asked failed: google (Suspended: CAPTCHA), duckduckgo (timeout), brave (timeout), wikipedia (timeout)',
    );
  });

  it('answers no results with some engines unresponsive as 200, empty, charged, naming them in a warning', async () => {
    const account = await viaSearxng.account({ credits: 100 });
    const res = await search(viaSearxng, { query: 'obscure words fake:engines-down' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results).toEqual([]);
    expect(res.body.credits_used).toBe(5);
    expect(res.body.warnings).toEqual([
      'SearXNG engines that did not answer: google (timeout), duckduckgo (CAPTCHA)',
    ]);
    // The engine list (read once, then cached) tells "some engines failed" from "every engine failed".
    expect(searxng.requestsTo('/config')).toHaveLength(1);
    const batch = await search(viaSearxng, { queries: ['a fake:engines-down', 'b'], limit: 1 }, account.key);
    expect(batch.body.credits_used).toBe(10);
    expect(batch.body.warnings).toEqual([
      'a fake:engines-down: SearXNG engines that did not answer: google (timeout), duckduckgo (CAPTCHA)',
    ]);
  });

  it('runs a batch concurrently, in order, charging 5 per query answered', async () => {
    const account = await viaSearxng.account({ credits: 100 });
    const queries = ['first topic', 'second topic fake:error', 'third topic'];
    const res = await search(viaSearxng, { queries, limit: 2 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.queries).toEqual(queries);
    expect(res.body.data.count).toBe(3);
    const [first, second, third] = res.body.data.results_by_query;
    expect(first.query).toBe('first topic');
    expect(first.results).toHaveLength(2);
    expect(second).toEqual({
      query: 'second topic fake:error',
      error: expect.stringContaining('SearXNG'),
      error_code: 'TOOL_ERROR',
    });
    expect(third.results[0].title).toBe('third topic — result 1');
    expect(res.body.credits_used).toBe(10);
    expect(await account.balance()).toBe(90);
  });

  it('answers a batch where every query fails with 200 and credits_used 0', async () => {
    const account = await viaSearxng.account({ credits: 100 });
    const res = await search(viaSearxng, { queries: ['a fake:error', 'b fake:malformed'] }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(0);
    expect(res.body.data.results_by_query.every((entry: { error?: string }) => entry.error)).toBe(true);
    expect(await account.balance()).toBe(100);
  });

  it('holds 5 per query: a batch of 10 needs 50 credits', async () => {
    const account = await viaSearxng.account({ credits: 45 });
    const queries = Array.from({ length: 10 }, (_, i) => `query ${i}`);
    const res = await search(viaSearxng, { queries }, account.key);
    expect(res.status).toBe(402);
    expect(await account.balance()).toBe(45);
  });

  it('redacts titles, snippets and related searches, never the echoed query or URLs', async () => {
    const account = await viaSearxng.account({ credits: 100 });
    const query = `${PII_QUERY} for jo@example.org`;
    const res = await search(viaSearxng, { query, redact_pii: true }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.data.results;
    expect(res.body.data.query).toBe(query);
    expect(result.title).toBe('Write to [REDACTED_EMAIL]');
    expect(result.snippet).toBe('Call [REDACTED_PHONE] or mail [REDACTED_EMAIL] for the contact sheet.');
    expect(result.url).toBe('https://people.example.org/staff?mail=jo@example.org');
    expect(res.body.data.related_searches).toEqual([
      `${PII_QUERY} for [REDACTED_EMAIL] example`,
      `${PII_QUERY} for [REDACTED_EMAIL] explained`,
    ]);
    expect(res.body.data.redaction).toMatchObject({
      mode: 'fast',
      entities: { email: expect.any(Number), phone: 2 },
    });
    // title, snippet and their html forms, and both related searches: six addresses, two phones.
    expect(res.body.data.redaction.entities.email).toBe(6);
  });

  it.each([
    [{}, 'query'],
    [{ query: 'a', queries: ['b'] }, 'query'],
    [{ query: 'a', limit: 0 }, 'limit'],
    [{ query: 'a', limit: 101 }, 'limit'],
    [{ query: 'a', offset: -10 }, 'offset'],
    [{ query: 'a', time_range: 'decade' }, 'time_range'],
    [{ queries: [] }, 'queries'],
    [{ queries: Array.from({ length: 11 }, (_, i) => `q${i}`) }, 'queries'],
    [{ query: 'a', redact_pii: { mode: 'model' } }, 'redact_pii.mode'],
  ])('refuses %j with 400 on %s, uncharged', async (body, field) => {
    const account = await viaSearxng.account({ credits: 100 });
    const res = await search(viaSearxng, body, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(await account.balance()).toBe(100);
  });
});

describe('search_web without a provider', () => {
  it('answers 503 TOOL_NOT_AVAILABLE naming the variables, uncharged, and says so in its description', async () => {
    const account = await unconfigured.account({ credits: 100 });
    const res = await search(unconfigured, { query: 'anything' }, account.key);
    expectNotConfigured(res, 'SEARXNG_URL', 'BRAVE_SEARCH_API_KEY');
    expect(await account.balance()).toBe(100);
    const described = await unconfigured.call('GET', '/api/v1/tools/search_web');
    expect(described.body.data.description).toContain('SEARXNG_URL');
    expect(described.body.data.description).toContain('BRAVE_SEARCH_API_KEY');
  });
});
