import { PGlite } from '@electric-sql/pglite';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mountKeyRoutes } from '../../lib/app/keys/routes.js';
import { mountRequestRoutes } from '../../lib/app/requests/routes.js';
import { requestLog } from '../../lib/db/schema/index.js';
import { firstIdAt } from '../../lib/ids.js';
import { pruneRequestLog } from '../../lib/ledger/index.js';
import { WebExtractionClient } from '../../sdk/typescript/src/index.js';
import { type Harness, startHarness, type TestAccount } from '../support/harness.js';
import { probeTool } from '../support/probe-tool.js';

const otherProbe = { ...probeTool, name: 'probe_other' };

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({
    tools: [probeTool, otherProbe],
    mounts: [mountRequestRoutes, mountKeyRoutes],
  });
});
afterAll(() => harness.close());

async function listRequests(key: string, query = '') {
  const res = await harness.call('GET', `/api/v1/requests${query}`, { key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Array<Record<string, unknown>>; next_cursor: string | null };
}

/** A refusal's row is written after its answer: wait for it rather than for a fixed time. */
async function loggedRow(requestId: string) {
  return vi.waitFor(
    async () => {
      const [row] = await harness.services.db
        .select()
        .from(requestLog)
        .where(eq(requestLog.requestId, requestId));
      if (!row) throw new Error(`no row for ${requestId} yet`);
      return row;
    },
    { timeout: 3_000, interval: 20 },
  );
}

function requestIdOf(res: { headers: Headers }): string {
  const id = res.headers.get('x-request-id');
  expect(id).toMatch(/^req_/);
  return id as string;
}

/** Every statement the service's database client is asked to run, whichever driver it is. */
function countStatements() {
  const spies = [vi.spyOn(pg.Pool.prototype, 'query'), vi.spyOn(PGlite.prototype, 'query')];
  return {
    get count() {
      return spies.reduce((total, spy) => total + spy.mock.calls.length, 0);
    },
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

describe('the request log, written by the ledger statement of each call', () => {
  it('logs a paid call with its status, credits, duration and request id, both ways of metering', async () => {
    const account = await harness.account({ credits: 50 });
    const held = await harness.tool('probe', { hold: 4, charge: 3 }, account.key);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const ranFirst = await harness.tool('probe', { hold: 5, after_run: true }, account.key);
    expect(ranFirst.status, JSON.stringify(ranFirst.body)).toBe(200);

    const { data, next_cursor } = await listRequests(account.key);
    expect(next_cursor).toBeNull();
    expect(data).toHaveLength(2);
    // Newest first.
    expect(data.map((row) => row.request_id)).toEqual([requestIdOf(ranFirst), requestIdOf(held)]);
    expect(data[0]).toMatchObject({ tool: 'probe', status: 200, error_code: null, credits: 5 });
    expect(data[1]).toMatchObject({
      tool: 'probe',
      status: 200,
      error_code: null,
      credits: 3,
      api_key_id: account.keyId,
    });
    for (const row of data) {
      expect(row.duration_ms).toBeGreaterThanOrEqual(0);
      expect(Date.now() - Date.parse(String(row.created_at))).toBeLessThan(60_000);
    }
  });

  it('logs a failed call at 0 credits with its status and code, whether it held or ran first', async () => {
    const account = await harness.account({ credits: 50 });
    const released = await harness.tool('probe', { hold: 4, fail_with: 'FETCH_TIMEOUT' }, account.key);
    expect(released.status).toBe(504);
    const ranFirst = await harness.tool(
      'probe',
      { hold: 4, after_run: true, fail_with: 'BLOCKED' },
      account.key,
    );
    expect(ranFirst.status).toBe(502);
    const crashed = await harness.tool('probe', { hold: 2, crash: true }, account.key);
    expect(crashed.status).toBe(500);
    expect(await account.balance()).toBe(50);

    const { data } = await listRequests(account.key);
    expect(data.map((row) => [row.request_id, row.status, row.error_code, row.credits])).toEqual([
      [requestIdOf(crashed), 500, 'INTERNAL_ERROR', 0],
      [requestIdOf(ranFirst), 502, 'BLOCKED', 0],
      [requestIdOf(released), 504, 'FETCH_TIMEOUT', 0],
    ]);
  });

  it('logs a call refused for bad input, with the 400 it answered', async () => {
    const account = await harness.account({ credits: 50 });
    const res = await harness.tool('probe', { hold: 'three' }, account.key);
    expect(res.status).toBe(400);
    const malformed = await harness.call('POST', '/api/v1/tools/probe', {
      key: account.key,
      rawBody: '{"hold":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    for (const refused of [res, malformed]) {
      expect(await loggedRow(requestIdOf(refused))).toMatchObject({
        accountId: account.accountId,
        apiKeyId: account.keyId,
        tool: 'probe',
        status: 400,
        errorCode: 'VALIDATION_ERROR',
        credits: 0,
      });
    }
    expect(await account.balance()).toBe(50);
  });

  it('logs a 402, from the hold and from the charge of a call that ran first, at 0 credits', async () => {
    const broke = await harness.account({ credits: 0 });
    const refused = await harness.tool('probe', { hold: 3 }, broke.key);
    expect(refused.status).toBe(402);
    expect(await loggedRow(requestIdOf(refused))).toMatchObject({
      status: 402,
      errorCode: 'INSUFFICIENT_CREDITS',
      credits: 0,
    });

    const short = await harness.account({ credits: 1 });
    const ranThenShort = await harness.tool('probe', { hold: 3, after_run: true }, short.key);
    expect(ranThenShort.status).toBe(402);
    const { data } = await listRequests(short.key);
    expect(data.map((row) => [row.request_id, row.status, row.error_code, row.credits])).toEqual([
      [requestIdOf(ranThenShort), 402, 'INSUFFICIENT_CREDITS', 0],
    ]);
    expect(await short.balance()).toBe(1);
  });

  it('logs a caller over its rate once per second, not once per refusal', async () => {
    const account = await harness.account({ plan: 'hobby', credits: 50 });
    // The key's window is already spent (by another instance, say).
    for (let i = 0; i < 4; i += 1) await harness.services.kv.slidingWindow(`rl:${account.keyId}`, 2, 1000);
    const refusals = [];
    for (let i = 0; i < 3; i += 1) refusals.push(await harness.tool('probe', { hold: 1 }, account.key));
    expect(refusals.map((res) => res.status)).toEqual([429, 429, 429]);
    expect(await loggedRow(requestIdOf(refusals[0]))).toMatchObject({
      status: 429,
      errorCode: 'RATE_LIMIT_EXCEEDED',
      credits: 0,
    });
    const rows = await harness.services.db
      .select()
      .from(requestLog)
      .where(eq(requestLog.accountId, account.accountId));
    expect(rows.map((row) => row.requestId)).toEqual([requestIdOf(refusals[0])]);
  });

  it('logs a call made with a revoked key under its account, and one with an unknown key nowhere', async () => {
    const account = await harness.account({ credits: 50 });
    const spare = await account.newKey();
    const keys = await harness.call('GET', '/api/v1/keys', { key: account.key });
    const spareId = keys.body.data.find((key: { id: string }) => key.id !== account.keyId).id;
    expect((await harness.call('DELETE', `/api/v1/keys/${spareId}`, { key: account.key })).status).toBe(200);

    const revoked = await harness.tool('probe', { hold: 1 }, spare);
    expect(revoked.status).toBe(401);
    expect(await loggedRow(requestIdOf(revoked))).toMatchObject({
      accountId: account.accountId,
      apiKeyId: spareId,
      status: 401,
      errorCode: 'INVALID_API_KEY',
      credits: 0,
    });

    const unknown = await harness.tool('probe', { hold: 1 }, `${account.key.slice(0, -4)}zzzz`);
    expect(unknown.status).toBe(401);
    const missing = await harness.tool('probe', { hold: 1 }, '');
    expect(missing.status).toBe(401);
    // Give a write that should not happen the time the others took.
    await loggedRow(requestIdOf(revoked));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const strays = await harness.services.db
      .select()
      .from(requestLog)
      .where(inArray(requestLog.requestId, [requestIdOf(unknown), requestIdOf(missing)]));
    expect(strays).toEqual([]);
  });

  it('never shows one account the calls of another', async () => {
    const mine = await harness.account({ credits: 50 });
    const theirs = await harness.account({ credits: 50 });
    const their = await harness.tool('probe', { hold: 1 }, theirs.key);
    expect(their.status).toBe(200);
    const theirRefused = await harness.tool('probe', { hold: -1 }, theirs.key);
    await loggedRow(requestIdOf(theirRefused));
    expect((await listRequests(mine.key)).data).toEqual([]);
    expect((await listRequests(theirs.key)).data.map((row) => row.request_id)).toEqual([
      requestIdOf(theirRefused),
      requestIdOf(their),
    ]);
  });
});

describe('GET /api/v1/requests', () => {
  async function callsOf(account: TestAccount) {
    const ids: string[] = [];
    const calls: Array<[string, unknown]> = [
      ['probe', { hold: 1 }],
      ['probe_other', { hold: 2 }],
      ['probe', { hold: 1, fail_with: 'FETCH_TIMEOUT' }],
      ['probe_other', { hold: 1, fail_with: 'TOOL_ERROR' }],
      ['probe', { hold: 1, after_run: true }],
    ];
    for (const [tool, body] of calls) ids.push(requestIdOf(await harness.tool(tool, body, account.key)));
    const refused = await harness.tool('probe', { hold: 1, crash: 'yes' }, account.key);
    ids.push(requestIdOf(refused));
    await loggedRow(ids[5]);
    return ids.reverse();
  }

  it('pages newest first with an opaque cursor until next_cursor is null', async () => {
    const account = await harness.account({ credits: 50 });
    const ids = await callsOf(account);
    const seen: unknown[] = [];
    const pages: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listRequests>> = await listRequests(
        account.key,
        `?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      pages.push(page.data.length);
      seen.push(...page.data.map((row) => row.request_id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages).toEqual([4, 2]);
    expect(seen).toEqual(ids);
  });

  it('filters by tool and by status: ok, error, 4xx, 5xx', async () => {
    const account = await harness.account({ credits: 50 });
    const [refused, ranFirst, otherFailed, probeFailed, other, first] = await callsOf(account);
    // Reads with a key of its own: the calls above spent most of the first key's second.
    const reader = await account.newKey();
    const ids = async (query: string) =>
      (await listRequests(reader, query)).data.map((row) => row.request_id);
    expect(await ids('?tool=probe_other')).toEqual([otherFailed, other]);
    expect(await ids('?status=ok')).toEqual([ranFirst, other, first]);
    expect(await ids('?status=error')).toEqual([refused, otherFailed, probeFailed]);
    expect(await ids('?status=4xx')).toEqual([refused]);
    expect(await ids('?status=5xx')).toEqual([otherFailed, probeFailed]);
    expect(await ids('?tool=probe&status=5xx')).toEqual([probeFailed]);
    expect(await ids('?tool=scrape')).toEqual([]);
  });

  it('is read the same through the TypeScript SDK, every page by iterateRequests', async () => {
    const account = await harness.account({ credits: 50 });
    const ids = await callsOf(account);
    const client = new WebExtractionClient({ apiKey: await account.newKey(), baseUrl: harness.baseUrl });
    const seen: string[] = [];
    for await (const row of client.iterateRequests({ limit: 2 })) seen.push(row.request_id);
    expect(seen).toEqual(ids);
    const failed = await client.listRequests({ status: '5xx', tool: 'probe' });
    expect(failed.data.map((row) => [row.request_id, row.error_code, row.credits])).toEqual([
      [ids[3], 'FETCH_TIMEOUT', 0],
    ]);
  });

  it('answers 400 with details for a bad filter, limit or cursor, and 401 without a key', async () => {
    const account = await harness.account({ credits: 50 });
    for (const [query, field] of [
      ['?status=failed', 'status'],
      ['?tool=Not%20a%20tool', 'tool'],
      ['?limit=0', 'limit'],
      ['?cursor=bm90LWFuLWlk', 'cursor'],
    ]) {
      const res = await harness.call('GET', `/api/v1/requests${query}`, { key: account.key });
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([field]);
    }
    const anonymous = await harness.call('GET', '/api/v1/requests');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('MISSING_API_KEY');
  });

  it('shows the last 7 days only, and the sweep prunes what is older', async () => {
    const account = await harness.account({ credits: 50 });
    const now = Date.now();
    const row = (days: number) => {
      const at = new Date(now - days * 86_400_000);
      return {
        requestId: `${firstIdAt('req', at)}0000000000000000`,
        accountId: account.accountId,
        apiKeyId: account.keyId,
        tool: 'probe',
        status: 200,
        errorCode: null,
        credits: 1,
        durationMs: 5,
        createdAt: at,
      };
    };
    const [old, recent] = [row(8), row(6.9)];
    await harness.services.db.insert(requestLog).values([old, recent]);
    expect((await listRequests(account.key)).data.map((kept) => kept.request_id)).toEqual([recent.requestId]);

    expect(await pruneRequestLog(harness.services.db, new Date())).toBeGreaterThanOrEqual(1);
    const left = await harness.services.db
      .select({ id: requestLog.requestId })
      .from(requestLog)
      .where(eq(requestLog.accountId, account.accountId));
    expect(left.map((kept) => kept.id)).toEqual([recent.requestId]);
  });
});

describe('what the request log costs a call', () => {
  it('adds no statement: a paid call is still one statement, or two through a hold', async () => {
    const account = await harness.account({ credits: 50 });
    // Verified once, the key is then cached: what follows is the call's own metering only.
    expect((await harness.tool('probe', { hold: 1, after_run: true }, account.key)).status).toBe(200);
    const cases: Array<[unknown, number, number]> = [
      [{ hold: 2, after_run: true }, 200, 1],
      [{ hold: 2 }, 200, 2],
      [{ hold: 2, after_run: true, fail_with: 'FETCH_TIMEOUT' }, 504, 1],
      [{ hold: 2, fail_with: 'FETCH_TIMEOUT' }, 504, 2],
    ];
    for (const [body, status, statements] of cases) {
      const counter = countStatements();
      try {
        const res = await harness.tool('probe', body, account.key);
        expect(res.status, JSON.stringify(res.body)).toBe(status);
        expect(counter.count, JSON.stringify(body)).toBe(statements);
        expect(await loggedRow(requestIdOf(res))).toMatchObject({ status });
      } finally {
        counter.restore();
      }
    }
  });
});
