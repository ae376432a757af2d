import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFetchRefused } from '../support/fetch-expectations.js';
import type { ToolSite } from '../support/tool-site.js';
import { ARTICLE_PATH, startScrapeSite } from './scrape-site.js';

let site: ToolSite;
const url = (path: string) => site.url(path);

beforeAll(async () => {
  site = await startScrapeSite();
});
afterAll(() => site?.close());

/** Every error of this suite is uncharged: the balance is checked after each. */
async function refused(body: Record<string, unknown>, credits = 20) {
  const account = await site.harness.account({ credits });
  const res = await site.harness.tool('scrape', body, account.key);
  expect(await account.balance()).toBe(credits);
  return res;
}

describe('scrape refuses formats it cannot produce, before fetching', () => {
  const cases: Array<[string, unknown, string, unknown]> = [
    [
      'screenshot',
      'screenshot',
      'formats.0',
      'screenshot needs a browser: use browser_session or stealth_mode operation scrape',
    ],
    [
      'a json-schema object',
      { type: 'json-schema', schema: { type: 'object' } },
      'formats.0',
      'json-schema extraction needs an LLM: use extract_with_llm with a schema, or scrape_structured with CSS selectors',
    ],
    [
      'mode model',
      { type: 'question', question: 'What is the default?', mode: 'model' },
      'formats.0',
      "mode 'model' needs an LLM, which this service does not run; use mode 'extractive'",
    ],
    [
      'max_highlights 51',
      { type: 'highlights', query: 'timeout', max_highlights: 51 },
      'formats.0.max_highlights',
      'max_highlights is at most 50',
    ],
    ['a highlights object without a query', { type: 'highlights' }, 'formats.0', 'highlights needs query'],
    [
      'max_highlights as a string',
      { type: 'highlights', query: 'timeout', max_highlights: '5' },
      'formats.0',
      'highlights max_highlights must be a whole number from 1 to 50; got "5"',
    ],
    [
      'max_highlights as a fraction',
      { type: 'highlights', query: 'timeout', max_highlights: 2.5 },
      'formats.0',
      'highlights max_highlights must be a whole number from 1 to 50; got 2.5',
    ],
    [
      'a name that is also an Object key',
      'constructor',
      'formats.0',
      expect.stringMatching(/^unknown format "constructor"/),
    ],
    [
      'an unknown name',
      'pdf',
      'formats.0',
      `unknown format "pdf"; use one of markdown, html, rawHtml, text, links, metadata, {type: 'highlights', query} or {type: 'question', question}`,
    ],
  ];
  it.each(cases)('%s', async (_name, format, field, message) => {
    const before = site.connections();
    const res = await refused({ url: url(ARTICLE_PATH), formats: [format] });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ field, message }]);
    expect(site.connections()).toBe(before);
  });

  it('refuses a format listed twice, an empty list, a URL without protocol and a timeout out of bounds', async () => {
    const res = await refused({
      url: 'shop.test/docs',
      formats: ['markdown', 'markdown'],
      timeout: 60000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      'formats.1',
      'timeout',
      'url',
    ]);
    const empty = await refused({ url: url(ARTICLE_PATH), formats: [] });
    expect(empty.body.error.details).toEqual([
      { field: 'formats', message: 'formats needs at least one format' },
    ]);
  });
});

describe('scrape fetch errors, all uncharged', () => {
  it('answers a robots.txt disallow with 403', async () => {
    expectFetchRefused(await refused({ url: url('/private/orders') }), 'robots');
  });

  it('answers a private address with 403 without connecting', async () => {
    const before = site.connections();
    const res = await refused({ url: site.url(ARTICLE_PATH, '127.0.0.1') });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error.code).toBe('SSRF_BLOCKED');
    expect(site.connections()).toBe(before);
  });

  it("counts Fastly's block page as a wall: BLOCKED with the target's status", async () => {
    const res = await refused({ url: url('/fastly') });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error.code).toBe('BLOCKED');
    expect(res.body.error.blocked.vendor).toBe('fastly');
    expect(res.body.error.next_step).toMatch(/escalate: true/);
  });

  it('releases the whole hold (7, or 8 with passages) when escalation meets a wall and no render can run', async () => {
    const plain = await refused({ url: url('/fastly'), escalate: true }, 7);
    const withPassages = await refused(
      {
        url: url('/fastly'),
        escalate: true,
        formats: ['markdown', { type: 'highlights', query: 'blocked' }],
      },
      8,
    );
    for (const res of [plain, withPassages]) {
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.error.code).toBe('TOOL_NOT_AVAILABLE');
      expect(res.body.error.escalated).toBe(false);
      expect(res.body.error.blocked.vendor).toBe('fastly');
    }
  });

  it('needs only the firm price under escalate: 402 with 1 credit, a call with 2', async () => {
    const res = await refused({ url: url(ARTICLE_PATH), escalate: true }, 1);
    expect(res.status, JSON.stringify(res.body)).toBe(402);
    const account = await site.harness.account({ credits: 2 });
    const ok = await site.harness.tool('scrape', { url: url(ARTICLE_PATH), escalate: true }, account.key);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ credits_used: 2, credits_remaining: 0 });
  });

  it('charges 2, not 7, when escalate was asked but the page needed no render', async () => {
    const account = await site.harness.account({ credits: 7 });
    const res = await site.harness.tool('scrape', { url: url(ARTICLE_PATH), escalate: true }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: 2, credits_remaining: 5 });
    expect(res.body.data).toMatchObject({ escalated: false, stealth: null });
    expect(await account.balance()).toBe(5);
  });

  it('passes a 404 through as UPSTREAM_HTTP and turns a 500 into 502', async () => {
    expectFetchRefused(await refused({ url: url('/nowhere') }), 'missing');

    const broken = await refused({ url: url('/broken') });
    expect(broken.status, JSON.stringify(broken.body)).toBe(502);
    expect(broken.body.error.code).toBe('UPSTREAM_HTTP');
  });

  it('refuses a binary with 415 pointing at process_document', async () => {
    expectFetchRefused(await refused({ url: url('/report.pdf') }), 'binary');
  });

  it('refuses a body over 25 MB with 413', async () => {
    const res = await refused({ url: url('/huge') });
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body.error.code).toBe('RESPONSE_TOO_LARGE');
  });

  it('gives up after timeout with 504', async () => {
    expectFetchRefused(await refused({ url: url('/slow'), timeout: 1000 }), 'timeout');
  });
});
