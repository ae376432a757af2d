import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../lib/db/client.js';
import { creditHolds, usageLog } from '../../lib/db/schema/index.js';
import { getBalance } from '../../lib/ledger/index.js';
import { extractTextTool } from '../../lib/tools/extract-text/index.js';
import { type Harness, startHarness } from '../support/harness.js';
import { startNeonWsProxy } from '../support/neon-ws-proxy.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The same database, reached through the proxy's port. */
function throughProxy(url: string, port: number): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return proxied.toString();
}

interface Outcome {
  status: number;
  code?: string;
  credits?: number;
}

/**
 * A database that goes away and comes back while calls keep arriving: the process lives, every
 * call answers 200 or 503 STORAGE_UNAVAILABLE (never a 500, never a hang), nothing is charged for a
 * 503, and calls succeed again once the database is back, with no restart.
 */
function outageSuite(driver: 'pg' | 'neon') {
  let proxy: TcpProxy;
  let harness: Harness;
  let direct: DatabaseHandle;
  let closeWs: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(databaseUrl!).port || 5432));
    const env: Record<string, string> = { DATABASE_URL: throughProxy(databaseUrl!, proxy.port) };
    if (driver === 'neon') {
      const ws = await startNeonWsProxy('127.0.0.1', proxy.port);
      closeWs = ws.close;
      Object.assign(env, { DATABASE_DRIVER: 'neon', NEON_WS_PROXY: ws.wsProxy });
    }
    harness = await startHarness({ tools: [extractTextTool], env });
    direct = await openDatabase({ DATABASE_URL: databaseUrl, DATA_DIR: '.data' });
  });
  afterAll(async () => {
    await harness?.close();
    await closeWs?.();
    await proxy?.close();
    await direct?.close();
  });

  const call = async (key: string): Promise<Outcome> => {
    const res = await harness.tool('extract_text', { html: '<p>Still here.</p>' }, key);
    return { status: res.status, code: res.body?.error?.code, credits: res.body?.credits_used };
  };

  it(`${driver}: survives the cut, answers 503 uncharged during it, recovers by itself`, async () => {
    const account = await harness.account({ credits: 1_000 });
    // One key per caller: the plan's rate limit is per key, and this is about the database.
    const keys = [account.key, ...(await Promise.all(Array.from({ length: 11 }, () => account.newKey())))];
    // Several idle connections in the pool: each one's socket dies at the cut.
    const warm = await Promise.all(keys.slice(0, 6).map(call));
    expect(warm.map((o) => o.status)).toEqual(Array(6).fill(200));

    const outcomes: Outcome[] = [...warm];
    let loading = true;
    const loadWorker = async (key: string) => {
      while (loading) {
        outcomes.push(await call(key));
        await sleep(150);
      }
    };
    const load = Promise.all(keys.slice(0, 3).map(loadWorker));
    let recovered: Outcome | undefined;
    try {
      await sleep(300);
      await proxy.cut();
      await sleep(1_000);
      const during = await Promise.all(keys.slice(4).map(call));
      outcomes.push(...during);
      expect(during.map((o) => `${o.status} ${o.code}`)).toEqual(Array(8).fill('503 STORAGE_UNAVAILABLE'));

      await proxy.restore();
      for (let attempt = 0; attempt < 50 && recovered?.status !== 200; attempt++) {
        await sleep(200);
        recovered = await call(keys[3]);
        outcomes.push(recovered);
      }
    } finally {
      loading = false;
      await load;
    }
    expect(recovered?.status).toBe(200);

    for (const outcome of outcomes) {
      expect([200, 503], JSON.stringify(outcome)).toContain(outcome.status);
      if (outcome.status === 503) expect(outcome.code).toBe('STORAGE_UNAVAILABLE');
    }
    // The ledger adds up: what is gone is what was charged (the usage log has a row per charge,
    // whether the call held first or was charged after running) plus holds a call took just before
    // the cut and could not settle (they return whole when they expire).
    const usage = await direct.db.select().from(usageLog).where(eq(usageLog.accountId, account.accountId));
    const charged = usage.reduce((total, row) => total + row.credits, 0);
    const holds = await direct.db
      .select()
      .from(creditHolds)
      .where(eq(creditHolds.accountId, account.accountId));
    const stuck = holds
      .filter((hold) => hold.status === 'held')
      .reduce((total, hold) => total + hold.amount, 0);
    expect(await getBalance(direct.db, account.accountId)).toBe(1_000 - charged - stuck);
    // Every charge is a 200, except a settle that committed as the link broke: its acknowledgement
    // was lost, so the call could not know. At most one per load worker in flight at the cut.
    const answered = outcomes
      .filter((o) => o.status === 200)
      .reduce((total, o) => total + (o.credits ?? 0), 0);
    expect(charged - answered).toBeGreaterThanOrEqual(0);
    expect(charged - answered).toBeLessThanOrEqual(3);
    expect(outcomes.filter((o) => o.status === 503).length).toBeGreaterThanOrEqual(8);
  });
}

describe.runIf(databaseUrl)('a database outage under load', () => {
  describe('pg (TCP)', () => outageSuite('pg'));
  describe('neon (WebSocket)', () => outageSuite('neon'));
});
