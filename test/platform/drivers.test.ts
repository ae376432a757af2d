import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../lib/auth/accounts.js';
import { type DatabaseHandle, openDatabase } from '../../lib/db/client.js';
import type { KeyValueStore } from '../../lib/kv/key-value-store.js';
import { MemoryStore } from '../../lib/kv/memory-store.js';
import { RedisStore } from '../../lib/kv/redis-store.js';
import { UpstashStore } from '../../lib/kv/upstash-store.js';
import { getBalance, holdCredits, settleHold } from '../../lib/ledger/index.js';
import { checkRateLimit } from '../../lib/ratelimit/check-rate-limit.js';
import { startNeonWsProxy } from '../support/neon-ws-proxy.js';
import { startUpstashRestFake } from '../support/upstash-rest-fake.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** The same verbs on every driver: what runs locally and in CI is what runs in production. */
async function exerciseLedger(handle: DatabaseHandle) {
  const { id } = await createAccount(handle.db, {
    name: `driver-${handle.driver}`,
    plan: 'free',
    credits: 10,
  });
  const hold = await holdCredits(handle.db, {
    accountId: id,
    apiKeyId: 'key_x',
    tool: 't',
    requestId: 'r',
    amount: 4,
  });
  expect(hold?.balance).toBe(6);
  expect(
    await holdCredits(handle.db, { accountId: id, apiKeyId: 'key_x', tool: 't', requestId: 'r', amount: 7 }),
  ).toBeNull();
  expect(
    await settleHold(handle.db, { holdId: hold!.id, charged: 3, outcome: 'success', durationMs: 1 }),
  ).toBe(7);
  expect(await getBalance(handle.db, id)).toBe(7);
}

/** Server drivers commit without waiting for the WAL flush (see lib/db/prepared.ts). */
async function expectAsyncCommit(handle: DatabaseHandle) {
  const result = (await handle.db.execute(sql`show synchronous_commit`)) as unknown as {
    rows: { synchronous_commit: string }[];
  };
  expect(result.rows[0].synchronous_commit).toBe('off');
}

/** Stored results compress with lz4 where the server was built with it ('l'), else the default (''). */
async function storedResultCompression(handle: DatabaseHandle): Promise<string> {
  const result = (await handle.db.execute(sql`
    SELECT attcompression::text AS compression FROM pg_attribute
    WHERE attrelid = 'stored_results'::regclass AND attname = 'result'`)) as unknown as {
    rows: { compression: string }[];
  };
  return result.rows[0].compression;
}

async function exerciseStore(store: KeyValueStore) {
  const key = `driver-test:${store.driver}:${Date.now()}:${Math.random()}`;
  await store.set(key, 'value', 30);
  expect(await store.get(key)).toBe('value');
  expect(await store.setIfAbsent(key, 'other', 30)).toBe(false);
  await store.del(key);
  expect(await store.get(key)).toBeNull();
  expect(await store.setIfAbsent(key, 'lock', 30)).toBe(true);
  const window = `${key}:window`;
  const hits = [];
  for (let i = 0; i < 4; i += 1) hits.push(await store.slidingWindow(window, 3, 1000));
  expect(hits.map((hit) => hit.allowed)).toEqual([true, true, true, false]);
  expect(hits[3].resetMs).toBeGreaterThan(0);
  await store.del(key);
  await store.del(window);
}

describe('database drivers', () => {
  it('pglite (embedded)', async () => {
    const handle = await openDatabase({ DATABASE_URL: 'memory:', DATA_DIR: '.data' });
    try {
      await handle.migrate();
      expect(handle.driver).toBe('pglite');
      await exerciseLedger(handle);
      await expectAsyncCommit(handle);
      // Built without lz4: the migration that asks for it leaves the default in place.
      expect(await storedResultCompression(handle)).toBe('');
    } finally {
      await handle.close();
    }
  });

  it.runIf(databaseUrl)('pg (TCP PostgreSQL)', async () => {
    const handle = await openDatabase({ DATABASE_URL: databaseUrl, DATA_DIR: '.data' });
    try {
      expect(handle.driver).toBe('pg');
      await exerciseLedger(handle);
      await expectAsyncCommit(handle);
      expect(await storedResultCompression(handle)).toBe('l');
    } finally {
      await handle.close();
    }
  });

  describe.runIf(databaseUrl)('neon (serverless driver over its WebSocket protocol)', () => {
    let proxy: Awaited<ReturnType<typeof startNeonWsProxy>>;
    beforeAll(async () => {
      const target = new URL(databaseUrl ?? 'postgres://127.0.0.1:5432');
      proxy = await startNeonWsProxy(target.hostname, Number(target.port || 5432));
    });
    afterAll(() => proxy?.close());

    it('runs the ledger verbs', async () => {
      // Over the runtime's own WebSocket, as on Lambda's Node 22 (vitest.config.ts turns it on).
      expect(typeof (globalThis as { WebSocket?: unknown }).WebSocket).toBe('function');
      const handle = await openDatabase({
        DATABASE_URL: databaseUrl,
        DATABASE_DRIVER: 'neon',
        NEON_WS_PROXY: proxy.wsProxy,
        DATA_DIR: '.data',
      });
      try {
        expect(handle.driver).toBe('neon');
        await exerciseLedger(handle);
        await expectAsyncCommit(handle);
      } finally {
        await handle.close();
      }
    });
  });
});

describe('key-value drivers', () => {
  it('in-process', async () => {
    await exerciseStore(new MemoryStore());
  });

  it.runIf(redisUrl)('Redis over TCP', async () => {
    const store = new RedisStore(redisUrl!);
    try {
      await exerciseStore(store);
    } finally {
      await store.close();
    }
  });

  it.runIf(redisUrl)('Upstash over REST', async () => {
    const fake = await startUpstashRestFake(redisUrl!, 'test-token');
    const store = new UpstashStore(fake.url, 'test-token');
    try {
      await exerciseStore(store);
    } finally {
      await store.close();
      await fake.close();
    }
  });

  it.runIf(redisUrl)('Upstash refusals and outages reject, and the rate limit falls back', async () => {
    const fake = await startUpstashRestFake(redisUrl!, 'test-token');
    const wrongToken = new UpstashStore(fake.url, 'wrong-token');
    const unreachable = new UpstashStore('http://127.0.0.1:1', 'test-token');
    try {
      await expect(wrongToken.get('anything')).rejects.toThrow(/Upstash GET: Unauthorized/);
      await expect(unreachable.set('k', 'v', 10)).rejects.toThrow(/ECONNREFUSED/);
      const decision = await checkRateLimit(wrongToken, 'key_upstash_down', 'free');
      expect(decision).toMatchObject({ allowed: true, degraded: true });
    } finally {
      await wrongToken.close();
      await unreachable.close();
      await fake.close();
    }
  });
});
