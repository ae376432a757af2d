import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';

/**
 * The scheduled sweeper, invoked as EventBridge invokes it. Like the tool handlers it opens the
 * database from process.env when its module loads; lib modules are imported after the environment
 * is set so the logger reads LOG_LEVEL=info too.
 */
const testUrl = process.env.TEST_DATABASE_URL;
let dataDir: string | undefined;
let accountId: string;
let holdId: string;
let handler: () => Promise<{ released: number }>;

const scheduledEvent = {
  version: '0',
  id: '7bf73129-1428-4cd3-a780-95db273d1602',
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '123456789012',
  time: new Date().toISOString(),
  region: 'us-east-1',
  resources: ['arn:aws:events:us-east-1:123456789012:rule/StaleHoldSweep'],
  detail: {},
};

async function openTestDatabase() {
  const { openDatabase } = await import('../../lib/db/client.js');
  return openDatabase({ DATABASE_URL: testUrl, DATA_DIR: dataDir ?? '.data' });
}

beforeAll(async () => {
  if (!testUrl) dataDir = mkdtempSync(join(tmpdir(), 'sweeper-pglite-'));
  for (const name of [
    'DATABASE_URL',
    'DATABASE_DRIVER',
    'UPSTASH_REDIS_REST_URL',
    'UPSTASH_REDIS_REST_TOKEN',
  ]) {
    delete process.env[name];
  }
  Object.assign(process.env, { NODE_ENV: 'test', LOG_LEVEL: 'info' });
  if (testUrl) process.env.DATABASE_URL = testUrl;
  else process.env.DATA_DIR = dataDir;

  const { createAccount, createApiKey } = await import('../../lib/auth/accounts.js');
  const { holdCredits } = await import('../../lib/ledger/index.js');
  const database = await openTestDatabase();
  try {
    if (!testUrl) await database.migrate();
    accountId = (
      await createAccount(database.db, { name: `sweeper-${Date.now()}`, plan: 'hobby', credits: 50 })
    ).id;
    const key = await createApiKey(database.db, accountId);
    // A hold that expired a minute ago: the call that took it died before settling.
    const hold = await holdCredits(database.db, {
      accountId,
      apiKeyId: key.id,
      tool: 'analyze_content',
      requestId: 'req_died',
      amount: 12,
      ttlSeconds: -60,
    });
    holdId = hold!.id;
  } finally {
    await database.close();
  }
  ({ handler } = await import('../../functions/stale-hold-sweeper.js'));
});

afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the stale-hold sweeper Lambda', () => {
  it('releases the expired hold, logs the count and returns it', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    onTestFinished(() => log.mockRestore());
    const result = await (handler as (event: unknown) => Promise<{ released: number }>)(scheduledEvent);
    const lines = log.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(lines).toContainEqual(
      expect.objectContaining({ message: 'released stale holds', released: result.released }),
    );

    if (testUrl) {
      // A shared database: another suite's sweep may have taken this hold first. Either way it is back.
      const { eq } = await import('drizzle-orm');
      const { creditHolds } = await import('../../lib/db/schema/index.js');
      const { getBalance } = await import('../../lib/ledger/index.js');
      const database = await openTestDatabase();
      try {
        const [hold] = await database.db.select().from(creditHolds).where(eq(creditHolds.id, holdId));
        expect(hold).toMatchObject({ status: 'expired', charged: 0 });
        expect(await getBalance(database.db, accountId)).toBe(50);
      } finally {
        await database.close();
      }
    } else {
      expect(result).toEqual({ released: 1 });
      expect(await handler()).toEqual({ released: 0 });
    }
  });
});
