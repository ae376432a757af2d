import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractWithLlmTool } from '../../lib/tools/extract-with-llm/index.js';
import { ANTHROPIC_TEST_KEY, startAnthropicFake } from '../fakes/anthropic.js';
import type { FakeServer } from '../fakes/fake-http.js';
import { startOllamaFake } from '../fakes/ollama.js';
import { OPENAI_TEST_KEY, startOpenAiFake } from '../fakes/openai.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';
import { type Harness, startHarness } from '../support/harness.js';
import {
  captureOutput,
  expectNoSecret,
  expectNotConfigured,
  TEST_PROVIDER_TIMEOUT_MS,
  TEST_SLOW_MS,
} from './provider-support.js';

let ollama: FakeServer;
let openai: FakeServer;
let anthropic: FakeServer;
let site: FixtureServer;
let harness: Harness;
let wrongKeys: Harness;
let unconfigured: Harness;
let localOnly: Harness;

const tools = [extractWithLlmTool];
const PRODUCT = {
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'number' }, currency: { type: 'string' } },
  required: ['name', 'price'],
};
const PRODUCT_TEXT =
  'Our best seller.\nname: Acme Widget Pro\nprice: 49.90\ncurrency: EUR\nShips in two days.';
const PAGE = `<html><head><title>Widget</title></head><body><nav>Home Shop Cart</nav><article><h1>Acme Widget Pro</h1>
<p>The widget for every bench. It is sturdy, small and made to last for years of daily work.</p>
<p>name: Acme Widget Pro</p><p>price: 49.90</p><p>currency: EUR</p></article><footer>© Acme</footer></body></html>`;

beforeAll(async () => {
  [ollama, openai, anthropic] = await Promise.all([
    startOllamaFake({ slowMs: TEST_SLOW_MS }),
    startOpenAiFake({ slowMs: TEST_SLOW_MS }),
    startAnthropicFake({ slowMs: TEST_SLOW_MS }),
  ]);
  site = await startFixtureServer((req, res) => {
    if (req.url === '/robots.txt')
      return void res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nDisallow: /private\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  const env = {
    PROVIDER_TIMEOUT_MS: TEST_PROVIDER_TIMEOUT_MS,
    FETCH_HOST_MAP: 'shop.test=127.0.0.1',
    // Ollama's own form: host:port without a scheme.
    OLLAMA_HOST: `127.0.0.1:${ollama.port}`,
    OPENAI_BASE_URL: `${openai.url}/v1`,
    OPENAI_API_KEY: OPENAI_TEST_KEY,
    ANTHROPIC_BASE_URL: anthropic.url,
    ANTHROPIC_API_KEY: ANTHROPIC_TEST_KEY,
  };
  harness = await startHarness({ tools, env });
  wrongKeys = await startHarness({
    tools,
    env: {
      ...env,
      OPENAI_API_KEY: 'sk-wrong-key-1234567890abcdef',
      ANTHROPIC_API_KEY: 'sk-ant-wrong-0987654321',
    },
  });
  unconfigured = await startHarness({ tools });
  localOnly = await startHarness({ tools, env: { OLLAMA_HOST: `http://127.0.0.1:${ollama.port}` } });
});
afterAll(async () => {
  await Promise.all([harness, wrongKeys, unconfigured, localOnly].map((h) => h?.close()));
  await Promise.all([ollama, openai, anthropic, site].map((server) => server?.close()));
});

const extract = (body: Record<string, unknown>, key: string, h = harness) =>
  h.tool('extract_with_llm', body, key);

describe('extract_with_llm', () => {
  it('answers through the first configured provider (local) as JSON matching the schema, charging 3', async () => {
    const account = await harness.account({ credits: 100 });
    const before = ollama.requests.length;
    const res = await extract(
      { content: PRODUCT_TEXT, prompt: 'Extract the product.', schema: PRODUCT, maxTokens: 512 },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(3);
    const sent = ollama.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe('/api/chat');
    const body = sent[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      model: 'llama3.2',
      stream: false,
      format: PRODUCT,
      options: { num_predict: 512 },
    });
    expect(res.body.data).toEqual({
      extracted: { name: 'Acme Widget Pro', price: 49.9, currency: 'EUR' },
      provider: 'local',
      provider_used: 'local',
      model_used: 'llama3.2:latest',
      tokens_used: expect.any(Number),
      prompt_used: 'Extract the product.',
    });
    expect(res.body.data.tokens_used).toBeGreaterThan(10);
  });

  it('speaks Chat Completions with response_format json_schema to hosted_a', async () => {
    const account = await harness.account({ credits: 100 });
    const before = openai.requests.length;
    const res = await extract(
      { content: PRODUCT_TEXT, prompt: 'Extract the product.', schema: PRODUCT, provider: 'hosted_a' },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [sent] = openai.requests.slice(before);
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    expect(sent.body).toMatchObject({
      model: 'gpt-4o-mini',
      max_tokens: 4096,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'extraction', schema: PRODUCT, strict: false },
      },
    });
    expect(res.body.data).toMatchObject({
      extracted: { name: 'Acme Widget Pro', price: 49.9, currency: 'EUR' },
      provider_used: 'hosted_a',
      model_used: 'gpt-4o-mini-2024-07-18',
    });
  });

  it('asks hosted_b through a forced tool call and reads the tool input', async () => {
    const account = await harness.account({ credits: 100 });
    const before = anthropic.requests.length;
    const res = await extract(
      {
        content: PRODUCT_TEXT,
        prompt: 'Extract the product.',
        schema: PRODUCT,
        provider: 'hosted_b',
        model: 'claude-sonnet-4-5',
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [sent] = anthropic.requests.slice(before);
    expect(sent.headers['x-api-key']).toBe(ANTHROPIC_TEST_KEY);
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.body).toMatchObject({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      tools: [{ name: 'record_answer', input_schema: PRODUCT }],
      tool_choice: { type: 'tool', name: 'record_answer' },
    });
    expect(res.body.data).toMatchObject({
      extracted: { name: 'Acme Widget Pro', price: 49.9 },
      provider_used: 'hosted_b',
      model_used: 'claude-sonnet-4-5',
    });
  });

  it('wraps a non-object root schema for hosted providers and unwraps the answer', async () => {
    const account = await harness.account({ credits: 100 });
    for (const provider of ['hosted_a', 'hosted_b']) {
      const res = await extract(
        {
          content: 'value: red, green, blue',
          prompt: 'List the colours.',
          schema: { type: 'array', items: { type: 'string' } },
          provider,
        },
        account.key,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.extracted).toEqual(['red', 'green', 'blue']);
    }
  });

  it('answers in prose without a schema', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await extract(
      { content: 'The ferry leaves at nine. It returns at five.', prompt: 'When does it leave?' },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.extracted).toBe('According to the content: The ferry leaves at nine.');
  });

  it("reads a page's main content as markdown through the guarded fetcher", async () => {
    const account = await harness.account({ credits: 100 });
    const before = ollama.requests.length;
    const res = await extract(
      { url: site.url('/widget', 'shop.test'), prompt: 'Extract the product.', schema: PRODUCT },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.extracted).toEqual({ name: 'Acme Widget Pro', price: 49.9, currency: 'EUR' });
    const prompt = (ollama.requests[before].body as { messages: { content: string }[] }).messages[1].content;
    expect(prompt).toContain('# Acme Widget Pro');
    expect(prompt).not.toContain('Home Shop Cart');

    const robots = await extract({ url: site.url('/private/x', 'shop.test'), prompt: 'x' }, account.key);
    expect(robots.status).toBe(403);
    expect(robots.body.error.code).toBe('ROBOTS_DISALLOWED');
  });

  it("cuts content to the model's input budget with a warning", async () => {
    const account = await harness.account({ credits: 100 });
    const long = `${'word '.repeat(6_000)}end`;
    const res = await extract({ content: long, prompt: 'Summarise.' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.warnings).toEqual([expect.stringContaining('cut from 30003 to 24000 characters')]);
  });

  it('retries once with the validation errors, then succeeds', async () => {
    const account = await harness.account({ credits: 100 });
    const before = ollama.requests.length;
    const res = await extract(
      { content: `${PRODUCT_TEXT} fake:invalid-once`, prompt: 'Extract.', schema: PRODUCT },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = ollama.requests.slice(before);
    expect(sent).toHaveLength(2);
    const retry = (sent[1].body as { messages: { role: string; content: string }[] }).messages;
    expect(retry.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(retry[3].content).toContain('extracted: Instance does not have required property "name"');
    expect(res.body.data.extracted.name).toBe('Acme Widget Pro');
  });

  it("sends Ollama the schema as `format`, and repairs an answer cut off mid-JSON with the parser's error", async () => {
    const account = await harness.account({ credits: 100 });
    const before = ollama.requests.length;
    const res = await extract(
      { content: `${PRODUCT_TEXT} fake:cut-off-once`, prompt: 'Extract.', schema: PRODUCT },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = ollama.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect((sent[0].body as { format: unknown }).format).toEqual(PRODUCT);
    const retry = (sent[1].body as { messages: { role: string; content: string }[] }).messages;
    expect(retry[3].content).toMatch(
      /^That answer does not validate against the JSON Schema:\n- extracted: the answer is not JSON \(.+\); it stopped at the token limit before the JSON was complete\n/,
    );
    expect(res.body.data.extracted.name).toBe('Acme Widget Pro');
    expect(res.body.credits_used).toBe(3);
  });

  it('answers 502 saying the answer is not JSON when the retry is not JSON either, uncharged', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await extract({ content: 'fake:not-json', prompt: 'Extract.', schema: PRODUCT }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    expect(res.body.error.message).toContain('did not match the schema after a retry (Ollama)');
    expect(res.body.error.details).toEqual([
      { field: 'extracted', message: expect.stringMatching(/^the answer is not JSON \(.*JSON.*\)$/) },
    ]);
    expect(await account.balance()).toBe(100);
  });

  it('answers 502 with the validation errors when the retry fails too, uncharged', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await extract(
      { content: 'fake:invalid-always', prompt: 'Extract.', schema: PRODUCT },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    expect(res.body.error.code).toBe('TOOL_ERROR');
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'extracted', message: 'Instance does not have required property "name".' },
        { field: 'extracted.price', message: 'Instance type "object" is invalid. Expected "number".' },
      ]),
    );
    expect(await account.balance()).toBe(100);
  });

  it.each([
    ['local', 'a slow answer', 'fake:slow', 504, 'MCP_UPSTREAM_TIMEOUT'],
    ['local', 'a crashed runner', 'fake:error', 502, 'TOOL_ERROR'],
    ['local', 'malformed JSON', 'fake:malformed', 502, 'TOOL_ERROR'],
    ['hosted_a', 'a rate limit', 'fake:ratelimit', 429, 'TARGET_RETRY_LATER'],
    ['hosted_a', 'an exhausted quota', 'fake:quota', 429, 'TARGET_RETRY_LATER'],
    ['hosted_a', 'a refusal', 'fake:refusal', 502, 'TOOL_ERROR'],
    ['hosted_b', 'overload (529)', 'fake:overloaded', 503, 'TOOL_NOT_AVAILABLE'],
    ['hosted_b', 'a rate limit', 'fake:ratelimit', 429, 'TARGET_RETRY_LATER'],
    ['hosted_a', 'a slow answer', 'fake:slow', 504, 'MCP_UPSTREAM_TIMEOUT'],
    ['hosted_a', 'a server error', 'fake:error', 502, 'TOOL_ERROR'],
    ['hosted_a', 'malformed JSON', 'fake:malformed', 502, 'TOOL_ERROR'],
    ['hosted_b', 'a slow answer', 'fake:slow', 504, 'MCP_UPSTREAM_TIMEOUT'],
    ['hosted_b', 'a server error', 'fake:error', 502, 'TOOL_ERROR'],
    ['hosted_b', 'malformed JSON', 'fake:malformed', 502, 'TOOL_ERROR'],
  ])('maps %s provider %s (%s) to %i, uncharged', async (provider, _label, trigger, status, code) => {
    const account = await harness.account({ credits: 100 });
    const res = await extract({ content: `text ${trigger}`, prompt: 'x', provider }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toBe(code);
    if (trigger === 'fake:ratelimit')
      expect(res.headers.get('retry-after')).toBe(provider === 'hosted_a' ? '1' : '7');
    expect(await account.balance()).toBe(100);
  });

  it('answers 400 on model when the provider has no such model', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await extract({ content: 'x', prompt: 'x', model: 'no-such-model' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'model', message: 'not available at Ollama' }]);
  });

  it('never shows a key: refused credentials are 502 without the provider wording, and the log has no key', async () => {
    const account = await wrongKeys.account({ credits: 100 });
    for (const provider of ['hosted_a', 'hosted_b']) {
      const { result: res, output } = await captureOutput(() =>
        extract({ content: 'x', prompt: 'x', provider }, account.key, wrongKeys),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(502);
      expect(res.body.error.provider_failure).toBe('auth');
      expectNoSecret(
        res,
        'sk-wrong-key-1234567890abcdef',
        'sk-ant-wrong-0987654321',
        'cdef',
        OPENAI_TEST_KEY,
        ANTHROPIC_TEST_KEY,
      );
      expect(output).toContain('provider call failed');
      for (const secret of ['sk-wrong-key-1234567890abcdef', 'sk-ant-wrong-0987654321', '*****'])
        expect(output).not.toContain(secret);
    }
  });

  it('refuses a schema that is not a JSON Schema, and a missing prompt, with 400', async () => {
    const account = await harness.account({ credits: 100 });
    const banana = await extract({ content: 'x', prompt: 'x', schema: { type: 'banana' } }, account.key);
    expect(banana.status).toBe(400);
    expect(banana.body.error.details[0]).toMatchObject({
      field: 'schema',
      message: expect.stringContaining('unknown type "banana"'),
    });
    const noPrompt = await extract({ content: 'x' }, account.key);
    expect(noPrompt.body.error.details.map((detail: { field: string }) => detail.field)).toContain('prompt');
    const neither = await extract({ prompt: 'x' }, account.key);
    expect(neither.body.error.details.map((detail: { field: string }) => detail.field)).toContain('url');
    const tooMany = await extract({ content: 'x', prompt: 'x', maxTokens: 32_001 }, account.key);
    expect(tooMany.status).toBe(400);
    expect(await account.balance()).toBe(100);
  });

  it('answers 503 naming every provider variable when none is configured, and the one asked for', async () => {
    const account = await unconfigured.account({ credits: 100 });
    const res = await extract({ content: 'x', prompt: 'x' }, account.key, unconfigured);
    expectNotConfigured(res, 'OLLAMA_HOST', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY');
    const local = await localOnly.account({ credits: 100 });
    const hostedB = await extract({ content: 'x', prompt: 'x', provider: 'hosted_b' }, local.key, localOnly);
    expectNotConfigured(hostedB, 'ANTHROPIC_API_KEY');
    expect(await account.balance()).toBe(100);
    expect(await local.balance()).toBe(100);
  });

  it('lets the Free plan make 2 requests a second on this tool', async () => {
    const account = await harness.account({ plan: 'free', credits: 100 });
    const results = await Promise.all(
      [1, 2, 3].map(() => extract({ content: 'x', prompt: 'x' }, account.key)),
    );
    expect(results.map((res) => res.status).sort()).toEqual([200, 200, 429]);
    const limited = results.find((res) => res.status === 429);
    expect(limited?.headers.get('retry-after')).toBe('60');
    expect(limited?.headers.get('ratelimit-limit')).toBe('2');
  });
});
