import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountUsageRoutes } from '../../lib/app/usage/routes.js';
import { tools } from '../../lib/tools/registry.js';
import { type Harness, startHarness, type TestAccount } from '../support/harness.js';

const summarize = tools.find((tool) => tool.name === 'summarize_content')!;
const analyze = tools.find((tool) => tool.name === 'analyze_content')!;
const content =
  'The usage page counts what was spent. Every call lands in the usage log. The log is grouped by day and tool.';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ tools: [summarize, analyze], mounts: [mountUsageRoutes] });
});
afterAll(() => harness.close());

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function usage(key: string | undefined, query = '', bearer = false) {
  const headers: Record<string, string> = bearer && key ? { Authorization: `Bearer ${key}` } : {};
  return harness.call('GET', `/api/v1/usage${query}`, { key: bearer ? undefined : key, headers });
}

/** Moves an account's usage rows of one tool back by `days`, as if those calls were made then. */
async function backdate(account: TestAccount, tool: string, days: number) {
  await harness.services.db.execute(
    sql`update usage_log set created_at = created_at - make_interval(days => ${days})
        where account_id = ${account.accountId} and tool = ${tool}`,
  );
}

describe('GET /api/v1/usage', () => {
  it('shows credits and calls per day and per tool from real calls, with the balance and plan', async () => {
    const account = await harness.account({ plan: 'hobby', credits: 100 });
    for (let i = 0; i < 2; i += 1) {
      const res = await harness.tool('summarize_content', { content }, await account.newKey());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const analysed = await harness.tool('analyze_content', { content }, await account.newKey());
    expect(analysed.status, JSON.stringify(analysed.body)).toBe(200);
    // A call that fails after its hold is a call in the log that charged nothing.
    const failed = await harness.tool('analyze_content', { url: 'http://10.0.0.1/' }, await account.newKey());
    expect(failed.status, JSON.stringify(failed.body)).toBe(403);
    await backdate(account, 'analyze_content', 2);

    const res = await usage(await account.newKey(), '', true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ from: daysAgo(29), to: today(), balance: 100 - 8 - 3, plan: 'hobby' });
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)).toEqual({
      date: today(),
      credits: 8,
      calls: 2,
      tools: [{ tool: 'summarize_content', credits: 8, calls: 2 }],
    });
    const twoDaysAgo = data.days.find((day: { date: string }) => day.date === daysAgo(2));
    expect(twoDaysAgo.tools).toEqual([{ tool: 'analyze_content', credits: 3, calls: 2 }]);
    expect(data.days.at(-2)).toEqual({ date: daysAgo(1), credits: 0, calls: 0, tools: [] });
    expect(data.tools).toEqual([
      { tool: 'summarize_content', credits: 8, calls: 2 },
      { tool: 'analyze_content', credits: 3, calls: 2 },
    ]);
    expect(data).toMatchObject({ credits: 11, calls: 2 + 2 });

    const yesterdayOnly = await usage(await account.newKey(), `?from=${daysAgo(1)}&to=${today()}`);
    expect(yesterdayOnly.body.data).toMatchObject({ credits: 8, calls: 2 });
    expect(yesterdayOnly.body.data.days.map((day: { date: string }) => day.date)).toEqual([
      daysAgo(1),
      today(),
    ]);
  });

  it('works at zero credits, on an account that never called anything', async () => {
    const account = await harness.account({ plan: 'free', credits: 0 });
    const res = await usage(account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ balance: 0, plan: 'free', credits: 0, calls: 0, tools: [] });
    expect(res.body.data.days.every((day: { credits: number }) => day.credits === 0)).toBe(true);
  });

  it('never counts another account’s calls', async () => {
    const spender = await harness.account();
    const other = await harness.account();
    const res = await harness.tool('summarize_content', { content }, spender.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const seen = await usage(other.key);
    expect(seen.body.data).toMatchObject({ credits: 0, calls: 0, tools: [], balance: 1_000 });
    expect((await usage(await spender.newKey())).body.data).toMatchObject({ credits: 4, calls: 1 });
  });

  it('accepts a range of exactly 90 days', async () => {
    const account = await harness.account();
    const res = await usage(account.key, `?from=${daysAgo(89)}&to=${today()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.days).toHaveLength(90);
  });

  it.each([
    ['?from=2026-13-01', 'from', /ISO date/],
    ['?to=yesterday', 'to', /ISO date/],
    ['?from=2026-03-10&to=2026-03-01', 'to', /on or after from/],
    ['?from=2025-01-01&to=2025-12-31', 'from', /365 days; at most 90/],
    [`?from=${daysAgo(90)}`, 'from', /91 days; at most 90/],
  ])('refuses %s with 400 VALIDATION_ERROR naming %s', async (query, field, message) => {
    const account = await harness.account();
    const res = await usage(account.key, query);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ field, message: expect.stringMatching(message) }]);
  });

  it('answers 401 without a key or with a wrong one', async () => {
    const missing = await usage(undefined);
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('MISSING_API_KEY');
    const wrong = await harness.call('GET', '/api/v1/usage', {
      headers: { Authorization: 'Bearer wes_not_a_key_0000000000000000000000000000' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_API_KEY');
  });

  it('is described in /openapi.json with its query, answer and errors', async () => {
    const res = await harness.call('GET', '/openapi.json');
    const operation = res.body.paths['/api/v1/usage'].get;
    expect(operation.operationId).toBe('getUsage');
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(['from', 'to']);
    expect(Object.keys(operation.responses)).toEqual(['200', '400', '401', '429']);
    expect(res.body.components.schemas.Usage.properties).toHaveProperty('days');
  });
});
