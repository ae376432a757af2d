import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../lib/tools/registry.js';
import { type ClientsHarness, startClientsHarness } from './support/clients-harness.js';
import { ROOT, sdkCopyFor } from './support/generated-copy.js';

const run = promisify(execFile);
let harness: ClientsHarness;
const temporary: string[] = [];

beforeAll(async () => {
  harness = await startClientsHarness({ monitorShaped: true });
});
afterAll(async () => {
  await harness.close();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs one scenario of test/clients/python/scenarios.py with the system python3, the SDK imported
 * from the folder (no install), and returns what it printed.
 */
// biome-ignore lint/suspicious/noExplicitAny: the scenario's JSON report
async function python(scenario: string, settings: Record<string, unknown>, sdkRoot = ROOT): Promise<any> {
  const { stdout } = await run('python3', [join(ROOT, 'test/clients/python/scenarios.py'), scenario], {
    env: {
      PATH: process.env.PATH,
      PYTHONPATH: join(sdkRoot, 'sdk/python'),
      PYTHONDONTWRITEBYTECODE: '1',
      SCENARIO: JSON.stringify({ base_url: harness.baseUrl, ...settings }),
    },
    timeout: 60_000,
  });
  return JSON.parse(stdout);
}

describe('the Python SDK (system python3, imported from sdk/python)', () => {
  it('parses as Python 3.9, and its annotations resolve', async () => {
    const report = await python('typing', {});
    expect(report.python[0]).toBe(3);
    expect(report.scrape_hints).toEqual(
      expect.arrayContaining(['url', 'formats', 'request_options', 'return']),
    );
    expect(report.required).toEqual(['url']);
  });

  it('runs a call of every tool family, each charged its price', async () => {
    const account = await harness.account({ credits: 100 });
    const report = await python('families', {
      key: account.key,
      article: harness.pageUrl('/article'),
      metadata: harness.pageUrl('/metadata'),
    });
    expect(report.tool_names).toEqual(tools.map((tool) => tool.name));
    const prices: Record<string, [number, string]> = {
      fetch_url: [1, 'content'],
      extract_text: [1, 'text'],
      extract_metadata: [1, 'title'],
      scrape: [2, 'formats'],
      scrape_structured: [2, 'heading'],
      extract_content: [2, 'content'],
      localization: [2, 'detected_language'],
      analyze_content: [3, 'sentiment'],
      summarize_content: [4, 'summary'],
    };
    let spent = 0;
    for (const [name, [credits, field]] of Object.entries(prices)) {
      spent += credits;
      expect(report.results[name], name).toMatchObject({
        credits_used: credits,
        credits_remaining: 100 - spent,
      });
      expect(report.results[name].keys, name).toContain(field);
    }
    expect(await account.balance()).toBe(100 - spent);
  });

  it('raises typed errors: a validation error with details and request id, a 402, a connection failure', async () => {
    const account = await harness.account({ credits: 10 });
    const broke = await harness.account({ credits: 0 });
    const report = await python('errors', { key: account.key, broke_key: broke.key });
    expect(report.validation).toMatchObject({
      type: 'BadRequestError',
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [{ field: 'max_sentences', message: expect.any(String) }],
      request_id: expect.stringMatching(/^req_/),
    });
    expect(report.credits).toMatchObject({
      type: 'InsufficientCreditsError',
      status: 402,
      code: 'INSUFFICIENT_CREDITS',
      auto_recharge_triggered: false,
    });
    expect(report.connection).toBe('APIConnectionError');
    expect(await account.balance()).toBe(10);
    expect(await broke.balance()).toBe(0);
  });

  it('waits Retry-After (capped by max_retry_delay) on 429 and retries; without retries it raises RateLimitError', async () => {
    const account = await harness.account({ plan: 'free', credits: 50 });
    const report = await python('rate_limit', { free_key: account.key });
    expect(report.retries).toEqual([
      { attempt: 1, delay: 1.1, retry_after: 60, code: 'RATE_LIMIT_EXCEEDED' },
    ]);
    expect(report.waited).toBeGreaterThanOrEqual(1.1);
    expect(report.second_credits).toBe(4);
    expect(report.without_retry).toMatchObject({ type: 'RateLimitError', status: 429, retry_after: 60 });
    expect(await account.balance()).toBe(50 - 8);
  });

  it('reads an oversized result back through read_result when asked', async () => {
    const account = await harness.account({ credits: 50 });
    const report = await python('stored_results', { key: account.key, big: harness.pageUrl('/big') });
    expect(report.stored.truncated).toBe(true);
    expect(report.handle).toMatch(/^res_/);
    expect(report).toMatchObject({ whole_credits: 2, whole_has_last: true, whole_has_handle: false });
    expect(await account.balance()).toBe(50 - 1 - 2);
  });

  it('has generated endpoint methods (path, query, body) as soon as the routes are in the document', async () => {
    const copy = sdkCopyFor(harness.document);
    temporary.push(copy);
    const account = await harness.account({ credits: 0 });
    const report = await python('monitors', { key: account.key }, copy);
    const id = report.created.id;
    expect(report.created).toMatchObject({ name: 'Docs', status: 'active', schedule_cron: '0 * * * *' });
    expect(report.got).toEqual(report.created);
    expect(report.first_page).toMatchObject({ data: [{ id }], next_cursor: id });
    expect(report.all).toBe(2);
    expect(report.iterated).toHaveLength(2);
    expect(report.iterated).toContain(id);
    expect(report.updated).toBe('paused');
    expect(report.deleted).toEqual({ success: true, data: { id, deleted: true } });
    expect(report.after_delete).toMatchObject({ type: 'NotFoundError', status: 404, code: 'NOT_FOUND' });
    expect(report.invalid).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await account.balance()).toBe(0);
  });

  it('waits for a check to leave running with wait_for_check, and gives up after its timeout', async () => {
    const report = await python('wait_for_check', {});
    expect(report).toEqual({
      status: 'completed',
      reads: 3,
      path: '/api/v1/monitors/mon_1/checks/chk_1',
      timeout: 'APITimeoutError',
    });
  });

  it('compiles the generated per-tool examples, which name every tool', async () => {
    const file = join(ROOT, 'sdk/python/examples/tools.py');
    await run('python3', [
      '-c',
      `import ast, sys; compile(open(sys.argv[1]).read(), sys.argv[1], 'exec')`,
      file,
    ]);
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(file, 'utf8');
    for (const tool of tools) expect(text).toContain(`client.${tool.name}(`);
  });
});
