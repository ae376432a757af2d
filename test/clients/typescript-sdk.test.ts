import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { tools } from '../../lib/tools/registry.js';
import { operationsOf } from '../../scripts/clients/operations.js';
import { isStoredResult, readStoredResult } from '../../sdk/typescript/src/core/stored-results.js';
import {
  APIConnectionError,
  APITimeoutError,
  BadRequestError,
  InsufficientCreditsError,
  NotFoundError,
  RateLimitError,
  type RetryInfo,
  TOOL_NAMES,
  WebExtractionClient,
} from '../../sdk/typescript/src/index.js';
import { type ClientsHarness, startClientsHarness } from './support/clients-harness.js';

let harness: ClientsHarness;
beforeAll(async () => {
  harness = await startClientsHarness({ monitorShaped: true });
});
afterAll(() => harness.close());

const text =
  'The council approved the new budget on Monday. Spending on parks rises by ten percent next year. ' +
  'A vote on the transport plan was postponed until spring. Residents can comment online until March.';

function clientFor(
  apiKey: string,
  options: Partial<ConstructorParameters<typeof WebExtractionClient>[0]> = {},
) {
  return new WebExtractionClient({ apiKey, baseUrl: harness.baseUrl, ...options });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('the TypeScript SDK against the running service', () => {
  it('has one method per registry tool', () => {
    expect([...TOOL_NAMES]).toEqual(tools.map((tool) => tool.name));
    const client = clientFor('unused');
    for (const tool of tools) {
      const method = tool.name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
      expect(typeof (client as unknown as Record<string, unknown>)[method], method).toBe('function');
    }
  });

  it('types requests and answers from the tools’ schemas (checked by tsc)', () => {
    const client = clientFor('unused');
    expectTypeOf(client.scrape).parameter(0).toHaveProperty('url').toEqualTypeOf<string>();
    type SummarizeInput = NonNullable<Parameters<typeof client.summarizeContent>[0]>;
    expectTypeOf<SummarizeInput['summary_type']>().toEqualTypeOf<
      'extractive' | 'key_points' | 'brief' | undefined
    >();
    expectTypeOf(client.fetchUrl).returns.resolves.toHaveProperty('credits_used').toEqualTypeOf<number>();
    const misuse = () => {
      // @ts-expect-error url is required by scrape
      void client.scrape({ formats: ['markdown'] });
      // @ts-expect-error max_sentences is a number
      void client.summarizeContent({ content: 'x', max_sentences: 'five' });
    };
    expect(misuse).toBeTypeOf('function');
  });

  it('runs a call of every tool family, each charged its price', async () => {
    const account = await harness.account({ credits: 100 });
    const client = clientFor(account.key);
    const article = harness.pageUrl('/article');
    const results = [
      [await client.fetchUrl({ url: article, format: 'text' }), 1, 'content'],
      [await client.extractText({ url: article }), 1, 'text'],
      [await client.extractLinks({ url: article }), 1, 'links'],
      [await client.extractMetadata({ url: harness.pageUrl('/metadata') }), 1, 'title'],
      [await client.scrape({ url: article, formats: ['markdown'] }), 2, 'formats'],
      [await client.scrapeStructured({ url: article, selectors: { heading: 'h1' } }), 2, 'heading'],
      [await client.extractContent({ url: article }), 2, 'content'],
      [await client.localization({ url: article }), 2, 'detected_language'],
      [await client.analyzeContent({ content: text }), 3, 'sentiment'],
      [await client.summarizeContent({ content: text, summary_type: 'key_points' }), 4, 'summary'],
    ] as const;
    let spent = 0;
    for (const [result, credits, field] of results) {
      expect(result.success).toBe(true);
      expect(result.credits_used, JSON.stringify(result).slice(0, 300)).toBe(credits);
      expect(result.data).toHaveProperty(field);
      spent += credits;
      expect(result.credits_remaining).toBe(100 - spent);
    }
    expect(await account.balance()).toBe(100 - spent);
    const description = await client.describeTool('scrape');
    expect(description.data).toMatchObject({ name: 'scrape', credits: 2 });
    expect((await client.listTools()).data.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
  });

  it('throws a typed validation error with code, message, details, status and request id, uncharged', async () => {
    const account = await harness.account({ credits: 10 });
    const error = await rejection(
      clientFor(account.key).summarizeContent({ content: text, max_sentences: 99 }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [{ field: 'max_sentences', message: expect.any(String) }],
      requestId: expect.stringMatching(/^req_/),
      message: expect.stringContaining('max_sentences'),
    });
    expect(await account.balance()).toBe(10);
  });

  it('throws InsufficientCreditsError on 402, with the auto-recharge header', async () => {
    const account = await harness.account({ credits: 3 });
    const error = await rejection(clientFor(account.key).summarizeContent({ content: text }));
    expect(error).toBeInstanceOf(InsufficientCreditsError);
    expect(error).toMatchObject({ status: 402, code: 'INSUFFICIENT_CREDITS', autoRechargeTriggered: false });
    expect(await account.balance()).toBe(3);
  });

  it('waits Retry-After (capped by maxDelayMs) on 429 and retries; without retries it throws RateLimitError', async () => {
    const account = await harness.account({ plan: 'free', credits: 50 });
    const retries: RetryInfo[] = [];
    const client = clientFor(account.key, {
      retry: { maxDelayMs: 1_100, onRetry: (info) => retries.push(info) },
    });
    await client.summarizeContent({ content: text });
    const started = Date.now();
    const second = await client.summarizeContent({ content: text });
    expect(second.credits_used).toBe(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_100);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ attempt: 1, delayMs: 1_100 });
    expect(retries[0].error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', status: 429, retryAfter: 60 });

    const error = await rejection(client.summarizeContent({ content: text }, { retry: { maxRetries: 0 } }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', retryAfter: 60 });
    expect(await account.balance()).toBe(50 - 8);
  });

  it('reads an oversized result back through read_result when asked, and counts the reads', async () => {
    const account = await harness.account({ credits: 50 });
    const client = clientFor(account.key);
    const input = { url: harness.pageUrl('/big'), format: 'text' as const, max_inline_chars: 1_000 };
    const stored = await client.fetchUrl(input);
    expect(stored.data).toMatchObject({ truncated: true, result_handle: expect.stringMatching(/^res_/) });
    if (!isStoredResult(stored.data)) throw new Error('expected a stored result');

    const whole = await client.fetchUrl(input, { resolveStoredResults: true });
    expect(whole.credits_used).toBe(2);
    expect(whole.data.content as string).toContain('Paragraph 1499:');
    expect(whole.data).not.toHaveProperty('result_handle');
    expect(whole.credits_remaining).toBe(50 - 1 - 2);

    const paged = await readStoredResult(
      (read) => client.callTool('read_result', read),
      stored.data.result_handle,
      50_000,
    );
    const first = paged.value as { url: string; content: string };
    expect([first.url, first.content]).toEqual([whole.data.url, whole.data.content]);
    expect(paged.creditsUsed).toBe(Math.ceil(stored.data.total_chars / 50_000));
    expect(await account.balance()).toBe(paged.creditsRemaining);
  });

  it('calls endpoint operations from their spec: path, query and body, free like the monitors API', async () => {
    const account = await harness.account({ credits: 5 });
    const client = clientFor(account.key);
    const spec = Object.fromEntries(operationsOf(harness.document).map((op) => [op.operationId, op.spec]));
    // biome-ignore lint/suspicious/noExplicitAny: monitor-shaped answers
    const created: any = await client.request(spec.createMonitor, {
      name: 'Pricing page',
      targets: [{ url: 'https://example.com/pricing' }],
    });
    expect(created.data).toMatchObject({
      name: 'Pricing page',
      schedule_cron: '0 * * * *',
      status: 'active',
    });
    const id = created.data.id;
    await client.request(spec.createMonitor, { name: 'Second', targets: [{ url: 'https://example.com/' }] });
    // biome-ignore lint/suspicious/noExplicitAny: monitor-shaped answers
    const page: any = await client.request(spec.listMonitors, { limit: 1 });
    expect(page.data.map((monitor: { id: string }) => monitor.id)).toEqual([id]);
    expect(page.next_cursor).toBe(id);
    await client.request(spec.updateMonitor, { id, status: 'paused' });
    expect(await client.request(spec.getMonitor, { id })).toMatchObject({ data: { id, status: 'paused' } });
    expect(await client.request(spec.deleteMonitor, { id })).toEqual({
      success: true,
      data: { id, deleted: true },
    });
    expect(await rejection(client.request(spec.getMonitor, { id }))).toBeInstanceOf(NotFoundError);
    const invalid = await rejection(client.request(spec.createMonitor, { name: '', targets: [] }));
    expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await account.balance()).toBe(5);
  });

  it('reports an unreachable server and a silent one as connection and timeout errors', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const slow = new WebExtractionClient({
        apiKey: 'k',
        baseUrl: `http://127.0.0.1:${port}`,
        timeoutMs: 200,
      });
      expect(await rejection(slow.summarizeContent({ content: text }))).toBeInstanceOf(APITimeoutError);
    } finally {
      silent.close();
    }
    const closed = new WebExtractionClient({ apiKey: 'k', baseUrl: `http://127.0.0.1:${port}` });
    expect(await rejection(closed.summarizeContent({ content: text }))).toBeInstanceOf(APIConnectionError);
  });

  it('iterates every monitor across pages, fetching the next page only as the loop needs it', async () => {
    const account = await harness.account({ credits: 5 });
    const client = clientFor(account.key);
    const created: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      created.push(
        (await client.createMonitor({ name, targets: [{ url: 'https://example.com/' }] })).data.id,
      );
    }
    const seen: string[] = [];
    for await (const monitor of client.iterateMonitors({ limit: 1 })) seen.push(monitor.id);
    expect(seen.sort()).toEqual([...created].sort());
    expect(await account.balance()).toBe(5);
  });

  it('waits for a check to leave running, and gives up after its timeout', async () => {
    let reads = 0;
    const server = createHttpServer((request, response) => {
      reads += 1;
      const status = request.url?.endsWith('/chk_slow') || reads < 3 ? 'running' : 'completed';
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ success: true, data: { id: 'chk_1', status, pages: [] } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const client = new WebExtractionClient({ apiKey: 'k', baseUrl: `http://127.0.0.1:${port}` });
      const check = await client.waitForCheck('mon_1', 'chk_1', { intervalMs: 10 });
      expect(check.data.status).toBe('completed');
      expect(reads).toBe(3);
      const stuck = client.waitForCheck('mon_1', 'chk_slow', { intervalMs: 10, timeoutMs: 50 });
      expect(await rejection(stuck)).toBeInstanceOf(APITimeoutError);
    } finally {
      server.close();
    }
  });

  it('types each tool result, so a script reads data fields with their types', () => {
    expectTypeOf<
      Awaited<ReturnType<WebExtractionClient['extractText']>>['data']['word_count']
    >().toEqualTypeOf<number>();
    expectTypeOf<
      Awaited<ReturnType<WebExtractionClient['fetchUrl']>>['data']['status_code']
    >().toEqualTypeOf<number>();
    expectTypeOf<Awaited<ReturnType<WebExtractionClient['mapSite']>>['data']['pages']>().toEqualTypeOf<
      string[]
    >();
  });
});
