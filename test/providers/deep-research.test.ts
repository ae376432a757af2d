import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planQueries, queryKey } from '../../lib/research/plan.js';
import { deepResearchTool } from '../../lib/tools/deep-research/index.js';
import type { FakeServer } from '../fakes/fake-http.js';
import type { CorpusHit } from '../fakes/search-corpus.js';
import { startSearxngFake } from '../fakes/searxng.js';
import { type Harness, startHarness } from '../support/harness.js';
import {
  HTML_UTF8,
  type Route,
  readFixture,
  respond,
  startToolSite,
  type ToolSite,
} from '../support/tool-site.js';
import { TEST_PROVIDER_TIMEOUT_MS } from './provider-support.js';

let searxng: FakeServer;
let site: ToolSite;
let harness: Harness;
let unconfigured: Harness;

const HOST = 'research.test';
const page = (name: string): Route => respond(200, HTML_UTF8, readFixture(`research/${name}.html`));
const at = (path: string) => site.url(path);

/** What the search finds: the two pages that answer, a disallowed one, a missing one, an unrelated one. */
const corpus = (query: string): CorpusHit[] => {
  if (!site) return [];
  const hits: CorpusHit[] = [
    {
      url: at('/guides/retry-after'),
      title: 'Retry-After explained',
      snippet: 'The Retry-After header tells a client how long to wait.',
    },
    {
      url: at('/private/internal-notes'),
      title: 'Internal notes',
      snippet: 'Notes on Retry-After handling in our clients.',
    },
    {
      url: at('/libs/retries'),
      title: 'Retries in client libraries',
      snippet: 'Client libraries retry with backoff.',
    },
    { url: at('/gone'), title: 'A page that moved', snippet: 'Retry-After and clients.' },
    { url: at('/baking/sourdough'), title: 'Sourdough', snippet: 'Feed the starter.' },
    { url: 'https://docs.other.test/retry', title: 'Other domain', snippet: 'Retry-After elsewhere.' },
  ];
  // The second planned query (the key terms after the first) finds the same pages in another order.
  return query.startsWith('How') ? hits : [...hits].reverse();
};

beforeAll(async () => {
  searxng = await startSearxngFake({ corpus });
  site = await startToolSite({
    host: HOST,
    tools: [deepResearchTool],
    env: { SEARXNG_URL: searxng.url, PROVIDER_TIMEOUT_MS: TEST_PROVIDER_TIMEOUT_MS },
    routes: {
      '/guides/retry-after': page('retry-after-guide'),
      '/libs/retries': page('client-retries'),
      '/baking/sourdough': page('unrelated'),
      '/private/internal-notes': page('client-retries'),
    },
  });
  harness = site.harness;
  unconfigured = await startHarness({ tools: [deepResearchTool] });
});
afterAll(async () => {
  await site?.close();
  await Promise.all([unconfigured?.close(), searxng?.close()]);
});

const research = (body: Record<string, unknown>, key: string, h = harness) =>
  h.tool('deep_research', body, key);
const QUESTION = 'How do HTTP clients handle the Retry-After header?';

describe('deep_research', () => {
  it('searches, reads the sources through the guarded fetcher and quotes ranked findings, charging 10', async () => {
    const account = await harness.account({ credits: 100 });
    const before = searxng.requests.length;
    const res = await research(
      { research_query: QUESTION, max_sources: 5, unknown_key: 'discarded' },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(10);
    const data = res.body.data;

    // Two planned queries (depth `deep`): the question, and its key terms after the first (the
    // key terms alone would be the question again, less its stop words).
    const asked = searxng.requests.slice(before).map((request) => request.query.get('q'));
    expect([...new Set(asked)]).toEqual([
      'How do HTTP clients handle the Retry-After header',
      'client handle retry-after header',
    ]);
    expect(data.methodology).toEqual({
      queries_run: 2,
      queries: ['How do HTTP clients handle the Retry-After header', 'client handle retry-after header'],
      search_backend: 'searxng',
      sources_considered: 6,
      sources_fetched: 3,
      synthesis: 'extractive',
      llm_used: false,
    });
    // Merged rank by rank across the two queries, five kept.
    expect(data.sources.map((source: { url: string }) => source.url)).toEqual([
      at('/guides/retry-after'),
      'https://docs.other.test/retry',
      at('/private/internal-notes'),
      at('/baking/sourdough'),
      at('/libs/retries'),
    ]);
    const byUrl = Object.fromEntries(data.sources.map((source: { url: string }) => [source.url, source]));
    expect(byUrl[at('/guides/retry-after')]).toEqual({
      url: at('/guides/retry-after'),
      title: 'Retry-After explained',
      snippet: 'The Retry-After header tells a client how long to wait.',
      fetched: true,
      domain: HOST,
    });
    // robots.txt disallows /private: kept, unfetched, and the envelope says so.
    expect(byUrl[at('/private/internal-notes')].fetched).toBe(false);
    expect(byUrl['https://docs.other.test/retry'].fetched).toBe(false);
    expect(res.body.warnings).toEqual(
      expect.arrayContaining([
        `Source not fetched: robots.txt disallows ${at('/private/internal-notes')}; kept with fetched: false`,
      ]),
    );
    expect(site.hits('/private/internal-notes')).toBe(0);

    const findings = data.key_findings;
    expect(findings.length).toBeGreaterThan(2);
    expect(findings.length).toBeLessThanOrEqual(10);
    for (const finding of findings) {
      expect(Object.keys(finding)).toEqual(['text', 'source_url', 'source_title', 'relevance_score']);
      expect(finding.text.length).toBeLessThanOrEqual(600);
      expect(Math.round(finding.relevance_score * 1000)).toBe(finding.relevance_score * 1000);
    }
    const scores = findings.map((finding: { relevance_score: number }) => finding.relevance_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Terms: http, client, handle, retry-after, header. The best passages hold four of the five; on a
    // tie the earlier source leads.
    expect(findings[0]).toMatchObject({
      source_url: at('/guides/retry-after'),
      source_title: 'Retry-After explained',
      relevance_score: 0.8,
    });
    expect(findings[0].text).toMatch(
      /^The Retry-After response header tells an HTTP client how long to wait/,
    );
    expect(
      findings.find((finding: { source_url: string }) => finding.source_url === at('/libs/retries')),
    ).toMatchObject({ relevance_score: 0.8 });
    // Navigation, the newsletter blurb and the unrelated page share no term or too few to lead.
    expect(findings.some((finding: { text: string }) => finding.text.includes('Home Guides'))).toBe(false);
    expect(
      findings.some((finding: { source_url: string }) => finding.source_url === at('/baking/sourdough')),
    ).toBe(false);
    expect(data.summary).toContain('Retry-After');
    expect(data.notes[0]).toContain('no language model');
    expect(data.research_query).toBe(QUESTION);
    expect(data.researched_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data).not.toHaveProperty('unknown_key');
  });

  it('restricts the search to domains, by site: operator and by host', async () => {
    const account = await harness.account({ credits: 100 });
    const before = searxng.requests.length;
    const res = await research(
      {
        research_query: QUESTION,
        research_scope: { depth_level: 'surface', domains: [HOST], time_range: 'year', language: 'DE' },
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [sent] = searxng.requests.slice(before);
    expect(sent.query.get('q')).toBe(`How do HTTP clients handle the Retry-After header site:${HOST}`);
    expect(new Set(searxng.requests.slice(before).map((request) => request.query.get('q'))).size).toBe(1);
    expect(sent.query.get('time_range')).toBe('year');
    expect(sent.query.get('language')).toBe('de');
    expect(res.body.data.methodology.queries_run).toBe(1);
    expect(res.body.data.sources).toHaveLength(3);
    expect(res.body.data.sources.every((source: { domain: string }) => source.domain === HOST)).toBe(true);
  });

  it('plans an OR group for several domains', () => {
    expect(planQueries('Which runtime is fastest for servers?', 3, ['a.example', 'b.example'])).toEqual([
      'Which runtime is fastest for servers (site:a.example OR site:b.example)',
      'fastest server (site:a.example OR site:b.example)',
      'runtime fastest (site:a.example OR site:b.example)',
    ]);
  });

  it('plans only distinct queries: none that differs from an earlier one only by stop words or order', () => {
    const queries = planQueries('When does the harbour ferry leave at low spring tide?', 4);
    expect(queries).toEqual([
      'When does the harbour ferry leave at low spring tide',
      'ferry leave low spring tide',
      'harbour ferry leave low spring',
      'leave low spring tide',
    ]);
    expect(new Set(queries.map(queryKey)).size).toBe(4);
    expect(queryKey('the tide at harbour')).toBe(queryKey('harbour tide'));
    expect(planQueries('ferry', 3)).toEqual(['ferry']);
  });

  it('reads a disallowed source with respect_robots: false, with a warning', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await research(
      { research_query: QUESTION, max_sources: 3, respect_robots: false },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const notes = res.body.data.sources.find(
      (source: { url: string }) => source.url === at('/private/internal-notes'),
    );
    expect(notes.fetched).toBe(true);
    expect(res.body.warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('fetched because respect_robots is false')]),
    );
  });

  it('answers 502 RESEARCH_SEARCH_UNAVAILABLE without a search provider, uncharged', async () => {
    const account = await unconfigured.account({ credits: 100 });
    const res = await research({ research_query: QUESTION }, account.key, unconfigured);
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    expect(res.body.error.code).toBe('RESEARCH_SEARCH_UNAVAILABLE');
    expect(res.body.error.message).toContain('SEARXNG_URL');
    expect(await account.balance()).toBe(100);
  });

  it('answers 502 RESEARCH_SEARCH_FAILED when every query fails, and notes a partial failure', async () => {
    const dead = await startHarness({
      tools: [deepResearchTool],
      env: { SEARXNG_URL: 'http://127.0.0.1:9' },
    });
    try {
      const account = await dead.account({ credits: 100 });
      const res = await research({ research_query: QUESTION }, account.key, dead);
      expect(res.status, JSON.stringify(res.body)).toBe(502);
      expect(res.body.error.code).toBe('RESEARCH_SEARCH_FAILED');
      expect(await account.balance()).toBe(100);
    } finally {
      await dead.close();
    }
    const account = await harness.account({ credits: 100 });
    const partial = await research({ research_query: `${QUESTION} fake:error`, max_sources: 2 }, account.key);
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.data.notes.join(' ')).toContain('failed');
  });

  it.each([
    [{ research_query: 'too short' }, 'research_query'],
    [{}, 'research_query'],
    [{ research_query: QUESTION, max_sources: 0 }, 'max_sources'],
    [{ research_query: QUESTION, max_sources: 11 }, 'max_sources'],
    [
      { research_query: QUESTION, research_scope: { depth_level: 'bottomless' } },
      'research_scope.depth_level',
    ],
    [
      {
        research_query: QUESTION,
        research_scope: { domains: Array.from({ length: 11 }, (_, i) => `d${i}.example`) },
      },
      'research_scope.domains',
    ],
  ])('refuses %j with 400 on %s, uncharged', async (body, field) => {
    const account = await harness.account({ credits: 100 });
    const res = await research(body, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(await account.balance()).toBe(100);
  });
});
