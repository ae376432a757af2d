import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const corpus = (query: string): CorpusHit[] => {
  if (!site) return [];
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
    // Walls are skipped (retried at most twice, free: no stealth backend), robots.txt is obeyed.
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
    expect(actions.filter((action: string) => action === 'stealth_retry')).toHaveLength(2);
    expect(actions[0]).toBe('search');
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
