import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStoredResult, storeResult } from '../../lib/results/stored-results.js';
import { readResultTool } from '../../lib/tools/read-result/index.js';
import { type Harness, startHarness } from '../support/harness.js';
import { probeTool } from '../support/probe-tool.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ tools: [probeTool, readResultTool] });
});
afterAll(() => harness.close());

async function storeOversized(key: string) {
  const res = await harness.tool('probe', { hold: 1, size: 5_000, max_inline_chars: 1_000 }, key);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('oversized results', () => {
  it('are stored and answered with a handle, preview, total and expiry', async () => {
    const account = await harness.account();
    const body = await storeOversized(account.key);
    expect(body.data).toMatchObject({ truncated: true, total_chars: expect.any(Number) });
    expect(body.data.result_handle).toMatch(/^res_/);
    expect(body.data.preview.length).toBeLessThanOrEqual(1_000);
    expect(body.data.total_chars).toBeGreaterThan(5_000);
    expect(new Date(body.data.expires_at).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(body.credits_used).toBe(1);
  });

  it('are stored with a warning past the Lambda response cap, whatever max_inline_chars allows', async () => {
    const account = await harness.account();
    const res = await harness.tool(
      'probe',
      { hold: 1, size: 5_100_000, max_inline_chars: 10_000_000 },
      account.key,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ truncated: true, result_handle: expect.stringMatching(/^res_/) });
    expect(res.body.warnings).toEqual([expect.stringContaining('response cap')]);
  });

  it('stay inline when under max_inline_chars', async () => {
    const account = await harness.account();
    const res = await harness.tool('probe', { hold: 1, size: 100 }, account.key);
    expect(res.body.data).toMatchObject({ ok: true });
    expect(res.body.data).not.toHaveProperty('result_handle');
  });
});

describe('read_result', () => {
  it('reads a selected value back for 1 credit', async () => {
    const account = await harness.account({ credits: 10 });
    const stored = await storeOversized(account.key);
    const res = await harness.tool(
      'read_result',
      { result_handle: stored.data.result_handle, json_path: '$.ok' },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ value: true, truncated: false });
    expect(res.body.credits_used).toBe(1);
    expect(await account.balance()).toBe(8);
  });

  it('pages through a long value', async () => {
    const account = await harness.account();
    const stored = await storeOversized(account.key);
    const handle = stored.data.result_handle;
    const first = await harness.tool(
      'read_result',
      { result_handle: handle, json_path: 'filler', max_chars: 1_000 },
      account.key,
    );
    expect(first.body.data).toMatchObject({
      content: 'x'.repeat(1_000),
      truncated: true,
      next_offset: 1_000,
      value_chars: 5_000,
    });
    const last = await harness.tool(
      'read_result',
      { result_handle: handle, json_path: 'filler', offset: 4_500, max_chars: 1_000 },
      account.key,
    );
    expect(last.body.data).toMatchObject({ returned_chars: 500, truncated: false, next_offset: null });
  });

  it('refuses an unresolved path with 400 naming the available keys, uncharged', async () => {
    const account = await harness.account({ credits: 10 });
    const stored = await storeOversized(account.key);
    const res = await harness.tool(
      'read_result',
      { result_handle: stored.data.result_handle, json_path: 'nope' },
      account.key,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ field: 'json_path' });
    expect(res.body.error.message).toContain('filler');
    expect(await account.balance()).toBe(9);
  });

  it("answers an unknown or another account's handle with the same 404, uncharged", async () => {
    const owner = await harness.account();
    const other = await harness.account({ credits: 10 });
    const stored = await storeOversized(owner.key);
    const foreign = await harness.tool(
      'read_result',
      { result_handle: stored.data.result_handle },
      other.key,
    );
    const unknown = await harness.tool(
      'read_result',
      { result_handle: 'res_01J0ZZZZZZZZZZZZZZZZZZZZ' },
      other.key,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('RESULT_NOT_FOUND');
    expect(unknown.body.error.code).toBe('RESULT_NOT_FOUND');
    expect(foreign.body.error.message.replace(stored.data.result_handle, 'H')).toBe(
      unknown.body.error.message.replace('res_01J0ZZZZZZZZZZZZZZZZZZZZ', 'H'),
    );
    expect(await other.balance()).toBe(10);
  });
});

describe('stored results', () => {
  it('keep the answer as the tool wrote it, its keys in their order', async () => {
    const account = await harness.account();
    // jsonb would hand these back shortest key first: "a" before "markdown".
    const json = '{"markdown":"# Title","a":1,"nested":{"zeta":true,"b":null}}';
    const { handle } = await storeResult(harness.services.db, {
      accountId: account.accountId,
      tool: 'probe',
      json,
      totalChars: json.length,
    });
    const row = await loadStoredResult(harness.services.db, account.accountId, handle);
    expect(JSON.stringify(row?.result)).toBe(json);
  });
});
