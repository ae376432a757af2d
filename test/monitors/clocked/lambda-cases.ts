import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount, createApiKey } from '../../../lib/auth/accounts.js';
import { type Database, openDatabase } from '../../../lib/db/client.js';
import { monitorChecks, monitors } from '../../../lib/db/schema/index.js';
import { getBalance, holdCredits } from '../../../lib/ledger/index.js';
import { createMonitorSchema } from '../../../lib/monitors/api/input.js';
import { createMonitor } from '../../../lib/monitors/api/monitors.js';
import { HOUR, page, SHOP } from '../support.js';
import type { ClockedContext } from './context.js';
import { startFakeSqs } from './fake-sqs.js';

/**
 * The sweeper and check-worker Lambdas invoked as AWS invokes them (an EventBridge scheduled event,
 * an SQS batch), on the real clock. Like the tool handlers they read process.env and open their
 * services when their module loads, so the environment is set first. With the real PostgreSQL they
 * share the tests' database; on PGlite each handler gets a database folder of its own.
 */

const testUrl = process.env.TEST_DATABASE_URL;
const folders: string[] = [];

/**
 * Points the next handler module at a database, seeds it with `seed`, and returns what it made. On
 * PGlite a handler holds its folder open, so what it wrote is read back only on PostgreSQL.
 */
async function prepareDatabase<T>(seed: (db: Database) => Promise<T>): Promise<T> {
  for (const name of [
    'DATABASE_URL',
    'DATABASE_DRIVER',
    'UPSTASH_REDIS_REST_URL',
    'UPSTASH_REDIS_REST_TOKEN',
  ]) {
    delete process.env[name];
  }
  if (testUrl) process.env.DATABASE_URL = testUrl;
  else {
    const folder = mkdtempSync(join(tmpdir(), 'monitor-lambda-'));
    folders.push(folder);
    process.env.DATA_DIR = folder;
  }
  const database = await openDatabase({ DATABASE_URL: testUrl, DATA_DIR: process.env.DATA_DIR ?? '.data' });
  try {
    if (!testUrl) await database.migrate();
    return await seed(database.db);
  } finally {
    await database.close();
  }
}

async function readBack(check: (db: Database) => Promise<void>): Promise<void> {
  const database = await openDatabase({ DATABASE_URL: testUrl, DATA_DIR: '.data' });
  try {
    await check(database.db);
  } finally {
    await database.close();
  }
}

async function seedAccount(db: Database, credits: number) {
  const account = await createAccount(db, { name: `lambda-${Date.now()}`, plan: 'business', credits });
  const key = await createApiKey(db, account.id);
  return { accountId: account.id, apiKeyId: key.id };
}

async function seedMonitor(db: Database, owner: { accountId: string; apiKeyId: string }, url: string) {
  // Created two hours ago on an hourly schedule: its slot has passed on the real clock.
  return createMonitor({
    ctx: {
      db,
      config: {
        fetchHostMap: new Map([[SHOP, '127.0.0.1']]),
        optOutHosts: new Set(),
        NODE_ENV: 'test',
        PORT: 8787,
        emailLinkSecret: 'lambda-cases-email-link-secret-of-32-chars',
      },
      ...owner,
      now: new Date(Date.now() - 2 * HOUR),
    },
    input: createMonitorSchema.parse({ name: 'Lambda', targets: [{ url }] }),
  });
}

function baseEnvironment(ctx: ClockedContext) {
  Object.assign(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    FETCH_HOST_MAP: `${SHOP}=127.0.0.1`,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  });
  if (process.env.TEST_REDIS_URL) process.env.REDIS_URL = process.env.TEST_REDIS_URL;
  return ctx;
}

export function lambdaCases(ctx: ClockedContext): void {
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  describe('the monitor Lambdas', () => {
    it('the sweeper, on its scheduled event, queues due checks to SQS with jitter and releases stale holds', async () => {
      baseEnvironment(ctx);
      const sqs = await startFakeSqs();
      try {
        // The SDK sends to the queue URL's own host (as with a local SQS such as ElasticMQ).
        process.env.MONITOR_QUEUE_URL = `${sqs.endpoint}/123456789012/checks`;
        const seeded = await prepareDatabase(async (db) => {
          const owner = await seedAccount(db, 30);
          const monitor = await seedMonitor(db, owner, ctx.world.shop.url('/lambda'));
          await holdCredits(db, {
            ...owner,
            tool: 'scrape',
            requestId: 'req_gone',
            amount: 12,
            ttlSeconds: -60,
          });
          return { owner, monitor };
        });
        const { handler } = await import('../../../functions/monitor-sweeper.js');
        const report = await handler();
        expect(report.checksQueued).toBeGreaterThanOrEqual(1);
        const mine = sqs.sent.filter(
          (message) => (message.body as { monitor_id?: string }).monitor_id === seeded.monitor.id,
        );
        expect(mine).toEqual([
          {
            body: { type: 'check', monitor_id: seeded.monitor.id, slot: seeded.monitor.next_run_at },
            delaySeconds: expect.any(Number),
          },
        ]);
        expect(mine[0].delaySeconds).toBeLessThan(60);
        // On PGlite the database is the handler's own: nothing else can have released the hold.
        if (!testUrl) expect(report.holdsReleased).toBe(1);
        if (!testUrl) return;
        await readBack(async (db) => {
          // Released here, or by another sweep first: either way once, and the balance is whole.
          expect(await getBalance(db, seeded.owner.accountId)).toBe(30);
          const [row] = await db.select().from(monitors).where(eq(monitors.id, seeded.monitor.id));
          expect(row.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
          await db.delete(monitors).where(eq(monitors.id, seeded.monitor.id));
        });
      } finally {
        await sqs.server.close();
      }
    });

    it('the check worker runs an SQS batch and reports only the failed record back', async () => {
      baseEnvironment(ctx);
      const path = `/lambda-check-${Date.now()}`;
      ctx.world.shop.set(path, page('Lambda', 'Checked by the worker.'));
      const seeded = await prepareDatabase(async (db) => {
        const owner = await seedAccount(db, 30);
        return { owner, monitor: await seedMonitor(db, owner, ctx.world.shop.url(path)) };
      });
      const { handler } = await import('../../../functions/monitor-check.js');
      const slot = seeded.monitor.next_run_at!;
      const job = { type: 'check', monitor_id: seeded.monitor.id, slot };
      const result = await handler({
        Records: [
          { messageId: 'm-1', body: JSON.stringify(job) },
          { messageId: 'm-2', body: JSON.stringify(job) },
          { messageId: 'm-3', body: '{not json' },
        ],
      });
      expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-3' }] });
      expect(ctx.world.shop.hits(path)).toBe(1);
      if (!testUrl) return;
      await readBack(async (db) => {
        const checks = await db
          .select()
          .from(monitorChecks)
          .where(eq(monitorChecks.monitorId, seeded.monitor.id));
        // The same slot delivered twice is checked once.
        expect(checks).toHaveLength(1);
        expect(checks[0]).toMatchObject({ status: 'completed', trigger: 'schedule', creditsCharged: 3 });
        expect(await getBalance(db, seeded.owner.accountId)).toBe(27);
        await db.delete(monitors).where(eq(monitors.id, seeded.monitor.id));
      });
    });
  });
}
