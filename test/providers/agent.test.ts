import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryKey } from '../../lib/research/plan.js';
import { agentTool } from '../../lib/tools/agent/index.js';
import type { FakeServer } from '../fakes/fake-http.js';
import { startOllamaFake } from '../fakes/ollama.js';
import type { CorpusHit } from '../fakes/search-corpus.js';
import { startSearxngFake } from '../fakes/searxng.js';
import { type Harness, startHarness } from '../support/harness.js';
import {
  HTML_UTF8,
  type Route,
  readFixture,
  replayWall,
  respond,
  startToolSite,
  type ToolSite,
} from '../support/tool-site.js';

let searxng: FakeServer;
let ollama: FakeServer;
let site: ToolSite;
let withModel: Harness;
let extractive: Harness;
let noSearch: Harness;

const HOST = 'agent.test';
const fixture = (path: string): Route => respond(200, HTML_UTF8, readFixture(path));
const at = (path: string) => site.url(path);
const PROMPT = 'How do HTTP clients handle the Retry-After header?';

/** A harbour's pages: the one that answers the ferry question is not the first result. */
const harbourPage = (title: string, body: string): Route =>
  respond(
    200,
    HTML_UTF8,
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
  );
const HARBOUR = {
  fares: () => ({
    url: at('/harbour/fares'),
    title: 'Ferry fares',
    snippet: 'Fares for the harbour ferry.',
  }),
  news: () => ({ url: at('/harbour/news'), title: 'Harbour news', snippet: 'News from the quay.' }),
  tides: () => ({
    url: at('/harbour/tides'),
    title: 'Tide timetable',
    snippet: 'When the harbour ferry leaves at low spring tide.',
  }),
};
const FERRY_PROMPT = 'When does the harbour ferry leave at low spring tide?';

const corpus = (query: string): CorpusHit[] => {
  if (!site) return [];
  // The island question finds only the news; its next distinct query (the terms after the first)
  // finds the timetable as well.
  if (query.includes('island')) return [HARBOUR.news()];
  if (query === 'ferry leave low spring tide') return [HARBOUR.news(), HARBOUR.tides()];
  if (query.includes('ferry') || query.includes('harbour'))
    return [HARBOUR.fares(), HARBOUR.news(), HARBOUR.tides()];
  if (query.includes('widget'))
    return [{ url: at('/products/widget'), title: 'Widget', snippet: 'Acme Widget Pro.' }];
  return [
    { url: at('/walled/one'), title: 'Walled one', snippet: 'Retry-After behind a wall.' },
    { url: at('/guides/retry-after'), title: 'Retry-After explained', snippet: 'The Retry-After header.' },
    { url: at('/walled/two'), title: 'Walled two', snippet: 'Retry-After behind a wall.' },
    { url: at('/private/notes'), title: 'Private notes', snippet: 'Retry-After notes.' },
    { url: at('/libs/retries'), title: 'Retries', snippet: 'Client libraries.' },
    { url: at('/walled/three'), title: 'Walled three', snippet: 'Retry-After behind a wall.' },
    { url: at('/baking/sourdough'), title: 'Sourdough', snippet: 'Feed the starter.' },
  ];
};

beforeAll(async () => {
  searxng = await startSearxngFake({ corpus });
  ollama = await startOllamaFake();
  site = await startToolSite({
    host: HOST,
    tools: [agentTool],
    env: { SEARXNG_URL: searxng.url, OLLAMA_HOST: ollama.url },
    routes: {
      '/guides/retry-after': fixture('research/retry-after-guide.html'),
      '/libs/retries': fixture('research/client-retries.html'),
      '/baking/sourdough': fixture('research/unrelated.html'),
      '/private/notes': fixture('research/client-retries.html'),
      '/products/widget': fixture('structured/product.html'),
      '/walled/*': replayWall('cloudflare-challenge'),
      '/harbour/fares': harbourPage(
        'Ferry fares',
        '<p>Adults pay four pounds and children two pounds on the harbour ferry. Cards and cash are accepted on board.</p>',
      ),
      '/harbour/news': harbourPage(
        'Harbour news',
        '<p>The regatta returns to the quay in August, with rowing races and a brass band on the slipway.</p>',
      ),
      '/harbour/tides': harbourPage(
        'Tide timetable',
        '<p>At low spring tide the harbour ferry leaves from the outer pontoon at 07:40, because the inner slip dries out.</p>' +
          '<p>On neap tides it keeps to the inner slip and the usual timetable.</p>',
      ),
    },
  });
  withModel = site.harness;
  const hostMap = { FETCH_HOST_MAP: `${HOST}=127.0.0.1` };
  extractive = await startHarness({ tools: [agentTool], env: { ...hostMap, SEARXNG_URL: searxng.url } });
  noSearch = await startHarness({ tools: [agentTool], env: hostMap });
});
afterAll(async () => {
  await site?.close();
  await Promise.all([extractive?.close(), noSearch?.close(), searxng?.close(), ollama?.close()]);
});

const agent = (h: Harness, body: Record<string, unknown>, key: string) => h.tool('agent', body, key);

describe('agent with a model', () => {
  it('searches, reads, skips walls and robots-disallowed pages, and answers through the model, charging 8', async () => {
    const account = await withModel.account({ credits: 100 });
    const before = ollama.requests.length;
    const res = await agent(withModel, { prompt: PROMPT, maxSteps: 12, maxUrls: 7 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(8);
    expect(await account.balance()).toBe(92);
    const data = res.body.data;
    expect(data).toMatchObject({
      prompt: PROMPT,
      answer_format: 'prose',
      method: 'llm',
      provider_used: 'local',
      model_used: 'llama3.2:latest',
      stealth_retries: 0,
      urls_read: 3,
    });
    expect(data.answer).toMatch(/^According to the content: \[1\]/);
    // Walls and robots-disallowed pages are skipped; what was read answers the prompt, so no
    // stealth retry is spent on the walls.
    expect(data.skipped).toEqual([
      { url: at('/walled/one'), code: 'BLOCKED', reason: 'bot wall' },
      { url: at('/walled/two'), code: 'BLOCKED', reason: 'bot wall' },
      {
        url: at('/private/notes'),
        code: 'ROBOTS_DISALLOWED',
        reason: expect.stringContaining('robots.txt disallows'),
      },
      { url: at('/walled/three'), code: 'BLOCKED', reason: 'bot wall' },
    ]);
    const actions = data.steps.map((step: { action: string }) => step.action);
    expect(actions).toEqual(['search', ...Array(7).fill('read')]);
    expect(data.steps_used).toBe(data.steps.length);
    // The unrelated page was read but not used; the relevant ones were, best first.
    const used = data.sources
      .filter((source: { used: boolean }) => source.used)
      .map((source: { url: string }) => source.url);
    expect(used).toEqual(expect.arrayContaining([at('/guides/retry-after'), at('/libs/retries')]));
    expect(used).not.toContain(at('/baking/sourdough'));
    // The model saw numbered excerpts of the pages read.
    const prompt = (ollama.requests[before].body as { messages: { content: string }[] }).messages[1].content;
    expect(prompt).toContain(`(${at('/guides/retry-after')})`);
    expect(prompt).not.toContain('Sourdough');
  });

  it('reads the best results before searching again, and answers from the page that holds the answer', async () => {
    const account = await withModel.account({ credits: 100 });
    const before = searxng.requests.length;
    const res = await agent(withModel, { prompt: FERRY_PROMPT, maxSteps: 3, maxUrls: 2 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    // One search, then the two results whose snippets hold most of the prompt: the timetable
    // (third by position) and the fares, not the news.
    expect(data.steps).toEqual([
      {
        step: 1,
        action: 'search',
        target: 'When does the harbour ferry leave at low spring tide',
        outcome: '3 results, 3 new',
      },
      { step: 2, action: 'read', target: at('/harbour/tides'), outcome: 'read' },
      { step: 3, action: 'read', target: at('/harbour/fares'), outcome: 'read' },
    ]);
    expect(searxng.requests.length - before).toBe(1);
    expect(data).toMatchObject({ method: 'llm', urls_read: 2, steps_used: 3 });
    expect(data.answer).toContain('07:40');
    expect(data.sources).toContainEqual(
      expect.objectContaining({ url: at('/harbour/tides'), fetched: true, used: true, relevance_score: 1 }),
    );
  });

  it('searches again with a distinct query only when the reads run short, and stops once answered', async () => {
    const account = await withModel.account({ credits: 100 });
    const prompt = 'When does the island ferry leave at low spring tide?';
    const res = await agent(withModel, { prompt, maxSteps: 8, maxUrls: 4 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const steps = res.body.data.steps.map((step: { action: string; target: string }) => [
      step.action,
      step.target,
    ]);
    expect(steps).toEqual([
      ['search', 'When does the island ferry leave at low spring tide'],
      ['read', at('/harbour/news')],
      ['search', 'ferry leave low spring tide'],
      ['read', at('/harbour/tides')],
    ]);
    expect(queryKey(steps[2][1])).not.toBe(queryKey(steps[0][1]));
    expect(res.body.data.answer).toContain('07:40');
  });

  it('retries walled pages in the stealth browser at most twice when what was read does not answer', async () => {
    const account = await withModel.account({ credits: 100 });
    const prompt = 'What do the walled pages say about Retry-After quotas for zebras?';
    const res = await agent(withModel, { prompt, maxSteps: 12, maxUrls: 7 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const actions = res.body.data.steps.map((step: { action: string }) => step.action);
    expect(actions.filter((action: string) => action === 'stealth_retry')).toHaveLength(2);
    // No stealth backend here: the retries are free and the walls stay skipped.
    expect(res.body.data.stealth_retries).toBe(0);
    expect(res.body.credits_used).toBe(8);
    expect(res.body.data.skipped.filter((entry: { code: string }) => entry.code === 'BLOCKED')).toHaveLength(
      3,
    );
  });

  it('answers in a caller-given JSON Schema through the model', async () => {
    const account = await withModel.account({ credits: 100 });
    const res = await agent(
      withModel,
      {
        prompt: 'Acme widget: the product name and price',
        schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        maxUrls: 1,
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      method: 'llm',
      answer_format: 'json',
      schema_valid: true,
      answer: { name: expect.any(String) },
    });
  });

  it('sends Ollama the schema as `format` and repairs an invalid answer once with the validator errors', async () => {
    const account = await withModel.account({ credits: 100 });
    const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    const before = ollama.requests.length;
    const res = await agent(
      withModel,
      { prompt: 'Acme widget: the product name fake:invalid-once', schema, maxUrls: 1 },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = ollama.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect((sent[0].body as { format: unknown }).format).toEqual(schema);
    const retry = (sent[1].body as { messages: { content: string }[] }).messages.at(-1)?.content;
    expect(retry).toContain('- answer: Instance does not have required property "name".');
    expect(res.body.data).toMatchObject({
      method: 'llm',
      schema_valid: true,
      answer: { name: expect.any(String) },
    });
  });

  it('answers 502 with what was wrong when the repaired answer still fails the schema, uncharged', async () => {
    const account = await withModel.account({ credits: 100 });
    const res = await agent(
      withModel,
      {
        prompt: 'Acme widget: the product name fake:invalid-always',
        schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        maxUrls: 1,
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    expect(res.body.error).toMatchObject({
      code: 'TOOL_ERROR',
      message: expect.stringContaining('did not match the schema after a retry (Ollama)'),
      details: [{ field: 'answer', message: 'Instance does not have required property "name".' }],
    });
    expect(await account.balance()).toBe(100);
  });

  it('falls back to an extractive answer when the model provider fails, and says so', async () => {
    const account = await withModel.account({ credits: 100 });
    const res = await agent(withModel, { prompt: `${PROMPT} fake:error`, maxUrls: 3 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.method).toBe('extractive');
    expect(res.body.data.notes.join(' ')).toContain('The model provider failed');
    expect(res.body.credits_used).toBe(8);
  });
});

describe('agent without a model', () => {
  it('reads the answering result first in the extractive mode too', async () => {
    const account = await extractive.account({ credits: 100 });
    const res = await agent(extractive, { prompt: FERRY_PROMPT, maxSteps: 3, maxUrls: 2 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.method).toBe('extractive');
    expect(data.steps.map((step: { action: string }) => step.action)).toEqual(['search', 'read', 'read']);
    expect(data.answer).toMatch(
      /^At low spring tide the harbour ferry leaves from the outer pontoon at 07:40.*\[1\]/,
    );
    expect(data.sources[0]).toMatchObject({ url: at('/harbour/tides'), used: true });
  });

  it('quotes the best passages with their source numbers', async () => {
    const account = await extractive.account({ credits: 100 });
    const res = await agent(extractive, { prompt: PROMPT, maxUrls: 5 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      method: 'extractive',
      provider_used: null,
      model_used: null,
      tokens_used: 0,
    });
    expect(data.answer).toMatch(/Retry-After/);
    expect(data.answer).toMatch(/\[\d\]$/);
  });

  it('fills a schema from the structured markup of the pages read', async () => {
    const account = await extractive.account({ credits: 100 });
    const res = await agent(
      extractive,
      {
        prompt: 'Acme widget price',
        schema: {
          type: 'object',
          properties: { name: { type: 'string' }, price: { type: 'number' }, warranty: { type: 'string' } },
        },
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      method: 'extractive',
      answer: { name: 'Acme Widget Pro', price: 49.9, warranty: null },
      field_sources: {
        name: { source: 'json-ld', url: at('/products/widget') },
        price: { source: 'json-ld', url: at('/products/widget') },
        warranty: null,
      },
      // No page states a warranty: the record is returned, and said not to match the schema.
      schema_valid: false,
      validation_errors: [
        { field: 'answer.warranty', message: 'Instance type "null" is invalid. Expected "string".' },
      ],
    });
  });

  it('keeps to maxSteps and maxUrls', async () => {
    const account = await extractive.account({ credits: 100 });
    const res = await agent(extractive, { prompt: PROMPT, maxSteps: 2, maxUrls: 5 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const actions = res.body.data.steps.map((step: { action: string }) => step.action);
    expect(actions).toEqual(['search', 'read']);
    expect(res.body.data.steps_used).toBe(2);
    const capped = await agent(extractive, { prompt: PROMPT, maxSteps: 20, maxUrls: 2 }, account.key);
    expect(capped.body.data.sources).toHaveLength(2);
  });

  it('reads the URLs it is given without a search provider, and answers 503 with neither', async () => {
    const account = await noSearch.account({ credits: 100 });
    const res = await agent(
      noSearch,
      { prompt: `What does ${at('/libs/retries')} say about Retry-After?` },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sources.map((source: { url: string }) => source.url)).toEqual([at('/libs/retries')]);
    const none = await agent(noSearch, { prompt: PROMPT }, account.key);
    expect(none.status, JSON.stringify(none.body)).toBe(503);
    expect(none.body.error.message).toContain('SEARXNG_URL');
    expect(await account.balance()).toBe(92);
  });

  it('holds 18 and charges 8: a balance of 10 is enough', async () => {
    const account = await extractive.account({ credits: 10 });
    const res = await agent(extractive, { prompt: PROMPT, maxUrls: 2 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: 8, credits_remaining: 2 });
    const short = await extractive.account({ credits: 7 });
    expect((await agent(extractive, { prompt: PROMPT }, short.key)).status).toBe(402);
  });

  it.each([
    [{}, 'prompt'],
    [{ prompt: 'x', model: 'pro' }, 'model'],
    [{ prompt: 'x', maxSteps: 0 }, 'maxSteps'],
    [{ prompt: 'x', maxUrls: 11 }, 'maxUrls'],
    [{ prompt: 'x', schema: { type: 'nope' } }, 'schema'],
  ])('refuses %j with 400 on %s, uncharged', async (body, field) => {
    const account = await extractive.account({ credits: 100 });
    const res = await agent(extractive, body, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(await account.balance()).toBe(100);
  });
});
