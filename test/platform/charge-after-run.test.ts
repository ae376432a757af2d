import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditHolds, usageLog } from '../../lib/db/schema/index.js';
import { chargeAfterRunning, holdCredits } from '../../lib/ledger/index.js';
import { type Harness, startHarness } from '../support/harness.js';
import { probeRuns, probeTool } from '../support/probe-tool.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ tools: [probeTool] });
});
afterAll(() => harness.close());

async function usageRows(accountId: string) {
  return harness.services.db.select().from(usageLog).where(eq(usageLog.accountId, accountId));
}

async function holdsOf(accountId: string) {
  return harness.services.db.select().from(creditHolds).where(eq(creditHolds.accountId, accountId));
}

describe('a call that runs first and pays after', () => {
  it('takes the charge and writes its usage row in one statement, with no hold', async () => {
    const account = await harness.account({ credits: 20 });
    const res = await harness.tool('probe', { hold: 4, after_run: true }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: 4, credits_remaining: 16 });
    expect(res.headers.get('server-timing')).toMatch(/charge;/);
    expect(res.headers.get('server-timing')).not.toMatch(/hold;|settle;/);
    expect(await account.balance()).toBe(16);
    expect(await holdsOf(account.accountId)).toEqual([]);
    const rows = await usageRows(account.accountId);
    expect(rows.map((row) => [row.credits, row.outcome])).toEqual([[4, 'success']]);
  });

  it('charges nothing when the process dies after the run and before the charge', async () => {
    const account = await harness.account({ credits: 20 });
    if (process.env.TEST_DATABASE_URL) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/run-and-die.ts'], {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env },
      });
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const match = chunk.toString().match(/listening (\S+)/);
          if (match) resolve(match[1]);
        });
        child.on('exit', () => reject(new Error('the server exited before listening')));
      });
      const exited = new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      const call = fetch(`${url}/api/v1/tools/probe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': account.key },
        body: JSON.stringify({ hold: 5, after_run: true, die_after_run: true }),
      });
      await expect(call).rejects.toThrow();
      expect(await exited).toBe('SIGKILL');
    } else {
      // The embedded database lives in this process: a tool that throws stands in for the death.
      expect(
        (await harness.tool('probe', { hold: 5, after_run: true, crash: true }, account.key)).status,
      ).toBe(500);
    }
    expect(await account.balance()).toBe(20);
    expect((await usageRows(account.accountId)).filter((row) => row.credits > 0)).toEqual([]);
    expect(await holdsOf(account.accountId)).toEqual([]);
  });

  it('answers one 200 and one 402 when two calls that both ran race for the last credits', async () => {
    const account = await harness.account({ credits: 3 });
    const keys = [account.key, await account.newKey()];
    const runsBefore = probeRuns.count;
    const results = await Promise.all(
      keys.map((key) => harness.tool('probe', { hold: 3, after_run: true, delay_ms: 150 }, key)),
    );
    expect(probeRuns.count - runsBefore).toBe(2);
    expect(results.map((res) => res.status).sort()).toEqual([200, 402]);
    const refused = results.find((res) => res.status === 402);
    expect(refused?.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect(refused?.body.data).toBeUndefined();
    expect(await account.balance()).toBe(0);
    const rows = await usageRows(account.accountId);
    expect(rows.map((row) => [row.credits, row.outcome])).toEqual([[3, 'success']]);

    // Now known here to be short: the next call is refused before it runs.
    const again = await harness.tool('probe', { hold: 3, after_run: true }, account.key);
    expect(again.status).toBe(402);
    expect(probeRuns.count - runsBefore).toBe(2);
  });

  it('answers 429 and charges nothing when the rate refusal arrives while the tool runs', async () => {
    const account = await harness.account({ plan: 'hobby', credits: 20 });
    const first = await harness.tool('probe', { hold: 2, after_run: true }, account.key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Another instance spends the rest of the key's window: this instance still saw room, so the
    // next call runs before Redis answers, and Redis refuses it.
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    for (let i = 0; i < 2; i += 1) await harness.services.kv.slidingWindow(`rl:${account.keyId}`, 2, 1000);
    const runsBefore = probeRuns.count;
    const refused = await harness.tool('probe', { hold: 2, after_run: true, delay_ms: 50 }, account.key);
    expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(refused.body.data).toBeUndefined();
    expect(probeRuns.count - runsBefore).toBe(1);
    // The same answer a call refused before it ran gets: every rate header, and Retry-After.
    const early = await harness.tool('probe', { hold: 2, after_run: true }, account.key);
    expect(early.status).toBe(429);
    expect(probeRuns.count - runsBefore).toBe(1);
    for (const name of ['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'x-ratelimit-limit']) {
      expect(refused.headers.get(name), name).toBe(early.headers.get(name));
    }
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(await account.balance()).toBe(18);
    expect((await usageRows(account.accountId)).map((row) => row.requestId)).toHaveLength(1);
  });

  it('logs a failed call with zero credits and its error code, and charges nothing', async () => {
    const account = await harness.account({ credits: 20 });
    const res = await harness.tool(
      'probe',
      { hold: 4, after_run: true, fail_with: 'FETCH_TIMEOUT' },
      account.key,
    );
    expect(res.status).toBe(504);
    const rows = await usageRows(account.accountId);
    expect(rows.map((row) => [row.credits, row.outcome])).toEqual([[0, 'FETCH_TIMEOUT']]);
    expect(await account.balance()).toBe(20);
  });

  it('spends the credits of an expired hold, taking the hold back in the same statement', async () => {
    const account = await harness.account({ credits: 10 });
    await holdCredits(harness.services.db, {
      accountId: account.accountId,
      apiKeyId: account.keyId,
      tool: 'probe',
      requestId: 'req_expired',
      amount: 10,
      ttlSeconds: -1,
    });
    const res = await harness.tool('probe', { hold: 7, after_run: true }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: 7, credits_remaining: 3 });
    expect((await holdsOf(account.accountId)).map((hold) => hold.status)).toEqual(['expired']);
  });

  it('never charges past the balance under concurrency', async () => {
    const account = await harness.account({ credits: 50 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        chargeAfterRunning(harness.services.db, {
          accountId: account.accountId,
          apiKeyId: account.keyId,
          tool: 'probe',
          requestId: `req_race_${i}`,
          price: 5,
          credits: 5,
          durationMs: 1,
        }),
      ),
    );
    expect(results.filter((result) => result.charged)).toHaveLength(10);
    expect(await account.balance()).toBe(0);
    expect(await usageRows(account.accountId)).toHaveLength(10);
  });
});
