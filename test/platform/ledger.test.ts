import { spawn } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAutoRecharge } from '../../lib/auth/accounts.js';
import { rowsOf } from '../../lib/db/rows.js';
import { creditHolds, rechargeRequests, usageLog } from '../../lib/db/schema/index.js';
import { HOLD_MARGIN_SECONDS } from '../../lib/ledger/hold.js';
import { holdCredits, releaseStaleHolds, settleHold, withdrawHold } from '../../lib/ledger/index.js';
import { type Harness, startHarness } from '../support/harness.js';
import { probeTool } from '../support/probe-tool.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ tools: [probeTool] });
});
afterAll(() => harness.close());

async function holdsOf(accountId: string) {
  return harness.services.db.select().from(creditHolds).where(eq(creditHolds.accountId, accountId));
}

async function usageRows(accountId: string) {
  return harness.services.db.select().from(usageLog).where(eq(usageLog.accountId, accountId));
}

describe('credit holds under concurrency', () => {
  it('lets exactly as many calls through as the balance covers, never below zero', async () => {
    const account = await harness.account({ credits: 50 });
    // One key per call: the rate limit is per key, and this test is about the ledger.
    const keys = await Promise.all(Array.from({ length: 50 }, () => account.newKey()));
    const results = await Promise.all(keys.map((key) => harness.tool('probe', { hold: 5 }, key)));
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 402)).toHaveLength(40);
    for (const res of results.filter((r) => r.status === 402)) {
      expect(res.body.error.code).toBe('INSUFFICIENT_CREDITS');
    }
    expect(await account.balance()).toBe(0);
    const rows = await usageRows(account.accountId);
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.credits === 5 && row.outcome === 'success')).toBe(true);
  });

  it('commits the actual charge when a tool uses less than it held', async () => {
    const account = await harness.account({ credits: 20 });
    const res = await harness.tool('probe', { hold: 7, charge: 2 }, account.key);
    expect(res.body).toMatchObject({ credits_used: 2, credits_remaining: 18 });
    expect(await account.balance()).toBe(18);
  });

  it('needs only the firm price: conditional add-ons are held as far as the balance allows', async () => {
    const account = await harness.account({ credits: 4 });
    const res = await harness.tool('probe', { hold: 2, ceiling: 7 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.held).toBe(4);
    expect(res.body).toMatchObject({ credits_used: 2, credits_remaining: 2 });
    const rich = await harness.account({ credits: 50 });
    const full = await harness.tool('probe', { hold: 2, ceiling: 7, charge: 7 }, rich.key);
    expect(full.body.data.held).toBe(7);
    expect(full.body).toMatchObject({ credits_used: 7, credits_remaining: 43 });
    const poor = await harness.account({ credits: 1 });
    expect((await harness.tool('probe', { hold: 2, ceiling: 7 }, poor.key)).status).toBe(402);
    expect(await poor.balance()).toBe(1);
  });

  it('logs a failed call with zero credits and its error code', async () => {
    const account = await harness.account({ credits: 20 });
    await harness.tool('probe', { hold: 4, fail_with: 'FETCH_TIMEOUT' }, account.key);
    const [row] = await usageRows(account.accountId);
    expect(row).toMatchObject({ tool: 'probe', credits: 0, outcome: 'FETCH_TIMEOUT' });
    expect(await account.balance()).toBe(20);
  });

  it('settles a hold only once, so a double release refunds once', async () => {
    const account = await harness.account({ credits: 10 });
    const hold = await holdCredits(harness.services.db, {
      accountId: account.accountId,
      apiKeyId: account.keyId,
      tool: 'probe',
      requestId: 'req_double',
      amount: 6,
    });
    expect(hold?.balance).toBe(4);
    const settlement = { holdId: hold!.id, charged: 0, outcome: 'TOOL_ERROR', durationMs: 1 };
    const [first, second] = await Promise.all([
      settleHold(harness.services.db, settlement),
      settleHold(harness.services.db, settlement),
    ]);
    expect([first, second].filter((balance) => balance !== null)).toEqual([10]);
    expect(await account.balance()).toBe(10);
  });

  it('withdraws a hold whole with no usage row, and never one already settled', async () => {
    const account = await harness.account({ credits: 10 });
    const take = (requestId: string) =>
      holdCredits(harness.services.db, {
        accountId: account.accountId,
        apiKeyId: account.keyId,
        tool: 'probe',
        requestId,
        amount: 3,
      });
    const withdrawn = await take('req_withdrawn');
    await Promise.all([
      withdrawHold(harness.services.db, withdrawn!.id),
      withdrawHold(harness.services.db, withdrawn!.id),
    ]);
    expect(await account.balance()).toBe(10);

    const settled = await take('req_settled');
    await settleHold(harness.services.db, {
      holdId: settled!.id,
      charged: 3,
      outcome: 'success',
      durationMs: 1,
    });
    await withdrawHold(harness.services.db, settled!.id);
    expect(await account.balance()).toBe(7);
    expect((await usageRows(account.accountId)).map((row) => row.requestId)).toEqual(['req_settled']);
  });
});

describe('402 and automatic recharge', () => {
  it('says false when the account has no automatic recharge', async () => {
    const account = await harness.account({ credits: 1 });
    const res = await harness.tool('probe', { hold: 5 }, account.key);
    expect(res.status).toBe(402);
    expect(res.headers.get('x-auto-recharge-triggered')).toBe('false');
  });

  it('says true and records one recharge request when the account has it on', async () => {
    const account = await harness.account({ credits: 1 });
    await setAutoRecharge(harness.services.db, account.accountId, 500);
    const res = await harness.tool('probe', { hold: 5 }, account.key);
    expect(res.status).toBe(402);
    expect(res.headers.get('x-auto-recharge-triggered')).toBe('true');
    const requests = await harness.services.db
      .select()
      .from(rechargeRequests)
      .where(eq(rechargeRequests.accountId, account.accountId));
    expect(requests).toHaveLength(1);
    expect(requests[0].credits).toBe(500);
  });
});

describe('expired holds', () => {
  it('gives a killed call its credits back once its hold expires, with no sweep', async () => {
    const account = await harness.account({ credits: 30 });
    const databaseUrl = process.env.TEST_DATABASE_URL;
    if (databaseUrl) {
      // A separate process takes the hold and is killed with SIGKILL before it can settle.
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'test/support/hold-and-die.ts', databaseUrl, account.accountId, account.keyId],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('held')) {
            child.kill('SIGKILL');
            resolve();
          }
        });
        child.on('exit', (code) =>
          code === 0 ? reject(new Error('child exited before holding')) : resolve(),
        );
      });
    } else {
      // The embedded database lives in this process; a hold never settled stands in for the dead one.
      await holdCredits(harness.services.db, {
        accountId: account.accountId,
        apiKeyId: account.keyId,
        tool: 'probe',
        requestId: 'req_dead',
        amount: 12,
        ttlSeconds: 1,
      });
    }
    expect(await account.balance()).toBe(18);
    // Past its 1 s expiry the hold no longer counts: the balance reads whole and can be spent whole.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await account.balance()).toBe(30);
    const spendAll = await harness.tool('probe', { hold: 30 }, account.key);
    expect(spendAll.status, JSON.stringify(spendAll.body)).toBe(200);
    expect(spendAll.body).toMatchObject({ credits_used: 30, credits_remaining: 0 });
    const holds = await holdsOf(account.accountId);
    expect(holds.map((hold) => [hold.amount, hold.status]).sort()).toEqual([
      [12, 'expired'],
      [30, 'committed'],
    ]);
    // The sweep has nothing of this account left to give back.
    await releaseStaleHolds(harness.services.db);
    expect(await account.balance()).toBe(0);
  });

  it('takes an expired hold back in a call that then finds the balance short, still refunding it', async () => {
    const account = await harness.account({ credits: 5 });
    await holdCredits(harness.services.db, {
      accountId: account.accountId,
      apiKeyId: account.keyId,
      tool: 'probe',
      requestId: 'req_expired',
      amount: 4,
      ttlSeconds: -1,
    });
    const short = await harness.tool('probe', { hold: 9 }, account.key);
    expect(short.status).toBe(402);
    expect(await account.balance()).toBe(5);
    expect((await holdsOf(account.accountId)).map((hold) => hold.status)).toEqual(['expired']);
    // Taken back once: neither the sweep nor the next statement refunds it again.
    await releaseStaleHolds(harness.services.db);
    expect(await account.balance()).toBe(5);
  });

  it("expires a hold its holder's budget plus a margin after it was taken", async () => {
    const account = await harness.account({ credits: 50 });
    const take = (requestId: string, budgetMs?: number) =>
      holdCredits(harness.services.db, {
        accountId: account.accountId,
        apiKeyId: account.keyId,
        tool: 'probe',
        requestId,
        amount: 1,
        budgetMs,
      });
    await take('req_tool');
    await take('req_check', 90_000);
    const lifetimes = await harness.services.db.execute(sql`
      SELECT request_id, extract(epoch FROM expires_at - created_at)::float AS seconds
      FROM credit_holds WHERE account_id = ${account.accountId} ORDER BY request_id`);
    const seconds = Object.fromEntries(
      rowsOf<{ request_id: string; seconds: number }>(lifetimes).map((row) => [
        row.request_id,
        Number(row.seconds),
      ]),
    );
    // A 30 s tool's hold lasts about a minute; a 90 s check's two minutes: both back within two minutes.
    expect(seconds.req_tool).toBeCloseTo(30 + HOLD_MARGIN_SECONDS, 0);
    expect(seconds.req_check).toBeCloseTo(90 + HOLD_MARGIN_SECONDS, 0);
    expect(seconds.req_check).toBeLessThanOrEqual(120);
  });

  it('drains a backlog larger than one batch in a single sweep', async () => {
    const account = await harness.account({ credits: 600 });
    // Written directly: every hold taken through the ledger would take back the expired ones before it.
    await harness.services.db.execute(sql`
      WITH backlog AS (
        INSERT INTO credit_holds (id, account_id, api_key_id, tool, request_id, amount, status, expires_at)
        SELECT 'hold_backlog_' || ${account.accountId} || '_' || n, ${account.accountId}, ${account.keyId},
          'probe', 'req_backlog_' || n, 1, 'held', now() - interval '1 minute'
        FROM generate_series(1, 600) AS n
      )
      UPDATE accounts SET balance = 0 WHERE id = ${account.accountId}`);
    // Expired holds stop counting before any sweep.
    expect(await account.balance()).toBe(600);
    expect(await releaseStaleHolds(harness.services.db)).toBeGreaterThanOrEqual(600);
    expect(await account.balance()).toBe(600);
    const stored = await harness.services.db.execute(
      sql`SELECT balance FROM accounts WHERE id = ${account.accountId}`,
    );
    expect(Number(rowsOf<{ balance: number }>(stored)[0].balance)).toBe(600);
  });

  it('keeps the database constraint: a balance can never be negative', async () => {
    const account = await harness.account({ credits: 3 });
    await expect(
      harness.services.db.execute(
        sql`UPDATE accounts SET balance = balance - 5 WHERE id = ${account.accountId}`,
      ),
    ).rejects.toThrow();
    const result = await harness.services.db.execute(
      sql`SELECT balance FROM accounts WHERE id = ${account.accountId}`,
    );
    expect(Number(rowsOf<{ balance: number }>(result)[0].balance)).toBe(3);
  });
});
