import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeContentTool } from '../../lib/tools/analyze-content/index.js';
import { summarizeContentTool } from '../../lib/tools/summarize-content/index.js';
import { expectFetchRefused } from '../support/fetch-expectations.js';
import { startFixtureServer } from '../support/fixture-server.js';
import type { Harness } from '../support/harness.js';
import { HTML, HTML_UTF8, readFixture, respond, startToolSite, type ToolSite } from '../support/tool-site.js';

const article = readFixture('pages/analysis-article.html');
let site: ToolSite;
let harness: Harness;

beforeAll(async () => {
  site = await startToolSite({
    host: 'gazette.test',
    tools: [analyzeContentTool, summarizeContentTool],
    routes: {
      '/story': respond(200, HTML_UTF8, article),
      '/private/story': respond(200, HTML_UTF8, article),
      '*': respond(
        404,
        HTML,
        '<html><body><h1>Not found</h1><p>The page you asked for does not exist on this server.</p></body></html>',
      ),
    },
  });
  harness = site.harness;
});
afterAll(() => site?.close());

const url = (path: string) => site.url(path);

describe('summarize_content, url form', () => {
  it('summarises the article, not the navigation, and reads its metadata on request', async () => {
    const account = await harness.account({ credits: 20 });
    const res = await harness.tool(
      'summarize_content',
      { url: url('/story'), max_sentences: 2, include_metadata: true },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.summary).toMatch(/^The city council approved a new budget/);
    expect(res.body.data.summary).not.toContain('Subscribe');
    expect(res.body.data.sentences_used).toBe(2);
    expect(res.body.data.metadata).toEqual({
      title: 'City council approves new park budget',
      description: 'The council voted to raise spending on parks by ten percent.',
      author: 'Dana Whitfield',
      publish_date: '2026-03-14T09:30:00Z',
    });
    expect(res.body.credits_used).toBe(4);
    expect(await account.balance()).toBe(16);
  });

  it('prefers url over content and says so', async () => {
    const account = await harness.account();
    const res = await harness.tool(
      'summarize_content',
      { url: url('/story'), content: 'Ignored text here.' },
      account.key,
    );
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual([expect.stringContaining('url wins')]);
    expect(res.body.data.metadata).toBeNull();
  });

  it('refuses a robots-disallowed path with 403, uncharged, and fetches it with respect_robots false', async () => {
    const account = await harness.account({ credits: 20 });
    const refused = await harness.tool('summarize_content', { url: url('/private/story') }, account.key);
    expectFetchRefused(refused, 'robots');
    expect(await account.balance()).toBe(20);
    const overridden = await harness.tool(
      'summarize_content',
      { url: url('/private/story'), respect_robots: false },
      account.key,
    );
    expect(overridden.status).toBe(200);
    expect(overridden.body.warnings.join(' ')).toContain('robots.txt');
  });

  it('answers a host that is down with 502 every time, never a cached robots 403', async () => {
    const closed = await startFixtureServer(() => {});
    const downUrl = closed.url('/story', 'gazette.test');
    await closed.close();
    const account = await harness.account({ credits: 20 });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await harness.tool('summarize_content', { url: downUrl }, account.key);
      expect(res.status, JSON.stringify(res.body)).toBe(502);
      expect(res.body.error.code).toBe('FETCH_FAILED');
    }
    expect(await account.balance()).toBe(20);
  });

  it('passes a 404 through as UPSTREAM_HTTP, uncharged', async () => {
    const account = await harness.account({ credits: 20 });
    const res = await harness.tool('summarize_content', { url: url('/missing') }, account.key);
    expectFetchRefused(res, 'missing');
    expect(await account.balance()).toBe(20);
  });
});

describe('analyze_content, url form', () => {
  it('analyses the article text', async () => {
    const account = await harness.account({ credits: 20 });
    const res = await harness.tool(
      'analyze_content',
      { url: url('/story'), analyze_sentiment: true, analyze_readability: true },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.language).toBe('en');
    expect(res.body.data.keywords.map((k: { word: string }) => k.word)).toContain('council');
    expect(res.body.data.sentiment.label).toBe('positive');
    expect(res.body.credits_used).toBe(3);
  });

  it('refuses a private address with 403, uncharged', async () => {
    const account = await harness.account({ credits: 20 });
    const res = await harness.tool(
      'analyze_content',
      { url: `http://127.0.0.1:${site.port}/story` },
      account.key,
    );
    expect(res.status).toBe(403);
    expect(await account.balance()).toBe(20);
  });
});
