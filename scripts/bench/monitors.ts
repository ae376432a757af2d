import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { createAccount, createApiKey } from '../../lib/auth/accounts.js';
import { rowsOf } from '../../lib/db/rows.js';
import { accounts } from '../../lib/db/schema/index.js';
import { parseConfig } from '../../lib/env.js';
import { newId } from '../../lib/ids.js';
import { createMonitorSchema } from '../../lib/monitors/api/input.js';
import { createMonitor } from '../../lib/monitors/api/monitors.js';
import { createCheckRuntime } from '../../lib/monitors/check/check-runtime.js';
import { runCheck } from '../../lib/monitors/check/run-check.js';
import type { QueuedJob } from '../../lib/monitors/queue/jobs.js';
import { sqsQueue } from '../../lib/monitors/queue/sqs-queue.js';
import { jitterSeconds } from '../../lib/monitors/schedule/jitter.js';
import { nextRunAfter } from '../../lib/monitors/schedule/schedule.js';
import { queueDueChecks } from '../../lib/monitors/schedule/sweeper.js';
import { openServices } from '../../lib/open-services.js';
import { startFixtureServer } from '../../test/support/fixture-server.js';
import { fmt, summarize } from './stats.js';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const MONITORS = Number(process.env.BENCH_MONITORS ?? 100_000);
const TARGETS = 20;
/** Each fixture page answers after this long, as a page across the internet would. */
const PAGE_LATENCY_MS = 150;
const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/Paris',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'America/Sao_Paulo',
];

/** Nearly every monitor on a schedule of its own, so no two share a next-slot computation. */
function scheduleOf(i: number): [string, string] {
  const minute = i % 60;
  const hour = Math.floor(i / 60) % 24;
  return [`${minute} ${hour} * * *`, ZONES[Math.floor(i / 1440) % ZONES.length]];
}

/**
 * Hosted monitors: (1) the sweeper's find-and-enqueue with 100,000 monitors due in one slot in the
 * real PostgreSQL, in a fresh process, against the bare SELECT of the same rows in the same run
 * and the planner's path for rows without a stored slot; (2) one check of 20 targets
 * on loopback pages that each take 150 ms, against fetching the same 20 one after another.
 */
export async function runMonitorsBench(): Promise<void> {
  const config = parseConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    FETCH_HOST_MAP: 'bench-shop.test=127.0.0.1',
  });
  const services = await openServices(config);
  await services.migrate();
  const { id: accountId } = await createAccount(services.db, {
    name: 'bench-monitors',
    plan: 'business',
    credits: 1_000_000,
  });
  const key = await createApiKey(services.db, accountId);
  try {
    await sweeperBench(services.db, accountId, key.id);
    await queueSendBench();
    await checkBench(services, accountId, key.id);
  } finally {
    await services.db.delete(accounts).where(eq(accounts.id, accountId));
    await services.close();
  }
}

async function sweeperBench(
  db: Awaited<ReturnType<typeof openServices>>['db'],
  accountId: string,
  apiKeyId: string,
) {
  const now = new Date();
  const due = new Date(now.getTime() - 60_000);
  // The slot after each one, as the check of the previous slot stores it (not timed).
  const following = new Map<string, Date | null>();
  for (let i = 0; i < MONITORS; i += 1) {
    const key = scheduleOf(i).join(' ');
    if (!following.has(key)) following.set(key, nextRunAfter(...scheduleOf(i), now));
  }
  for (let start = 0; start < MONITORS; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, MONITORS - start) }, (_, i) => {
      const [cron, zone] = scheduleOf(start + i);
      const after = following.get(`${cron} ${zone}`)?.toISOString() ?? null;
      const id = newId('mon');
      return sql`(${id}, ${jitterSeconds(id)}, ${accountId}, ${apiKeyId}, 'bench', '[{"url":"https://example.com/"}]'::jsonb, ${cron}, ${zone}, '[]'::jsonb, 30, 'active', ${due.toISOString()}::timestamptz, ${due.toISOString()}::timestamptz, ${after}::timestamptz, 720, now(), now())`;
    });
    await db.execute(sql`
      INSERT INTO monitors (id, jitter_seconds, account_id, api_key_id, name, targets, schedule_cron, timezone, notify_emails,
        retention_days, status, next_run_at, due_at, following_run_at, estimated_credits_per_month, created_at, updated_at)
      VALUES ${sql.join(rows, sql`, `)}`);
  }
  await db.execute(sql`ANALYZE monitors`);
  const selectStarted = performance.now();
  await db.execute(sql`
    SELECT id, next_run_at, following_run_at FROM monitors
    WHERE status = 'active' AND due_at <= ${now.toISOString()}::timestamptz`);
  const selectMs = performance.now() - selectStarted;

  const updatesBefore = await monitorUpdates(db);
  const fresh = sweepInFreshProcess(now);
  const updates = await monitorUpdatesSince(db, updatesBefore, fresh.jobs);
  // The same rows due again with no stored slot: the planner's path (a cron parsed per schedule).
  await db.execute(
    sql`UPDATE monitors SET next_run_at = ${due.toISOString()}::timestamptz, due_at = ${due.toISOString()}::timestamptz, following_run_at = NULL WHERE account_id = ${accountId}`,
  );
  let planned = 0;
  const started = performance.now();
  const countingQueue = {
    send: async (jobs: QueuedJob[]) => {
      planned += jobs.length;
    },
  };
  await queueDueChecks(db, countingQueue, now);
  const plannedMs = performance.now() - started;
  const schedules = new Set(Array.from({ length: MONITORS }, (_, i) => scheduleOf(i).join(' '))).size;
  console.log(
    `\nMonitors: sweeper (${MONITORS.toLocaleString('en')} monitors due in one slot on ${schedules.toLocaleString('en')} distinct schedules, PostgreSQL over TCP)`,
  );
  console.log(`  bare SELECT of the due rows             ${fmt(selectMs)}`);
  console.log(
    `  find + claim + enqueue, stored slots    ${fmt(fresh.ms)} in a fresh process (${fresh.jobs.toLocaleString('en')} jobs, x${(fresh.ms / selectMs).toFixed(1)} the bare SELECT)  target: < 2,000 ms, goal 1,000 ms`,
  );
  const { loadedMs, claimMs, restMs } = fresh.phases;
  console.log(
    `    of which: claim (the planner's look beside it) and job list ${fmt(claimMs)}, the rest ${fmt(restMs)} (code loaded ${fmt(loadedMs)} after the process started, before the clock)`,
  );
  console.log(
    `    row updates: ${updates.updated.toLocaleString('en')}, of which HOT (no index entry written) ${updates.hot.toLocaleString('en')}`,
  );
  console.log(
    `  the same through the planner (no slot)  ${fmt(plannedMs)} (${planned.toLocaleString('en')} jobs, every schedule's cron parsed)`,
  );
}

/** Runs one sweep in a new Node process (scripts/bench/monitor-sweep-once.ts) and reads its figure. */
interface UpdateCounts {
  updated: number;
  hot: number;
}

async function monitorUpdates(db: Awaited<ReturnType<typeof openServices>>['db']): Promise<UpdateCounts> {
  const [row] = rowsOf<{ updated: string; hot: string }>(
    await db.execute(
      sql`SELECT n_tup_upd AS updated, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'monitors'`,
    ),
  );
  return { updated: Number(row.updated), hot: Number(row.hot) };
}

/** The sweep's row updates, as its connections report them when they close (polled: that is not instant). */
async function monitorUpdatesSince(
  db: Awaited<ReturnType<typeof openServices>>['db'],
  before: UpdateCounts,
  expected: number,
): Promise<UpdateCounts> {
  let now = await monitorUpdates(db);
  for (let wait = 0; now.updated - before.updated < expected && wait < 30; wait += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = await monitorUpdates(db);
  }
  return { updated: now.updated - before.updated, hot: now.hot - before.hot };
}

interface FreshSweep {
  ms: number;
  jobs: number;
  phases: { loadedMs: number; claimMs: number; restMs: number };
}

function sweepInFreshProcess(now: Date): FreshSweep {
  const script = fileURLToPath(new URL('./monitor-sweep-once.ts', import.meta.url));
  const output = execFileSync(process.execPath, ['--import', 'tsx', script], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL,
      LOG_LEVEL: 'silent',
      SWEEP_AT: now.toISOString(),
    },
  });
  return JSON.parse(output.trim().split('\n').pop() ?? '{}') as FreshSweep;
}

/**
 * What reaching SQS costs the sweeper: MONITORS check jobs through the sweeper's SQS queue (the
 * AWS SDK's SendMessageBatch, 10 a call, 25 calls in flight) to a loopback SQS in another process.
 * The CPU the sending process spends is what a sweeper Lambda pays; the wall time here is not
 * AWS's (no network, a shared machine).
 */
async function queueSendBench() {
  const script = fileURLToPath(new URL('./sqs-loopback.ts', import.meta.url));
  const server = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(server.stdout, 'data')) as [Buffer];
    const endpoint = line.toString().trim();
    const queue = sqsQueue(`${endpoint}/000000000000/bench-checks`, { endpoint, region: 'us-east-1' });
    const jobs: QueuedJob[] = Array.from({ length: MONITORS }, (_, i) => ({
      job: { type: 'check', monitor_id: newId('mon'), slot: new Date().toISOString() },
      delaySeconds: i % 60,
    }));
    process.env.AWS_ACCESS_KEY_ID ??= 'bench';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'bench';
    const cpu = process.cpuUsage();
    const started = performance.now();
    await queue.send(jobs);
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    console.log(
      `  the same jobs sent to a loopback SQS     ${fmt(ms)} (${(MONITORS / 10).toLocaleString('en')} SendMessageBatch calls; the sender's CPU ${fmt((used.user + used.system) / 1000)})`,
    );
  } finally {
    server.kill();
  }
}

async function checkBench(
  services: Awaited<ReturnType<typeof openServices>>,
  accountId: string,
  apiKeyId: string,
) {
  const corpus = new URL('../../test/fixtures/corpus/pages/', import.meta.url);
  const pages = readdirSync(corpus)
    .filter((file) => file.endsWith('.html'))
    .slice(0, TARGETS)
    .map((file) => readFileSync(new URL(file, corpus), 'utf8'));
  let edition = 0;
  const site = await startFixtureServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://bench').pathname;
    await new Promise((resolve) => setTimeout(resolve, PAGE_LATENCY_MS));
    if (path === '/robots.txt') {
      res.writeHead(404);
      res.end();
      return;
    }
    const index = Number(path.slice(1)) % pages.length;
    // Each edition rewrites a tenth of every page, so the second check diffs real changes.
    const body =
      edition === 0
        ? pages[index]
        : pages[index].replace(/<p>/g, (tag, offset: number) => (offset % 10 === 0 ? '<p>edited ' : tag));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  try {
    const targets = Array.from({ length: TARGETS }, (_, i) => ({
      url: site.url(`/${i}`, 'bench-shop.test'),
    }));
    const monitor = await createMonitor({
      ctx: { db: services.db, config: services.config, accountId, apiKeyId, now: new Date() },
      input: createMonitorSchema.parse({ name: 'bench', targets, status: 'paused' }),
    });
    const runtime = createCheckRuntime(services);
    const samples: number[] = [];
    const sequential: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      edition = round % 2;
      const started = performance.now();
      const check = await runCheck(runtime, { trigger: 'manual', monitorId: monitor.id, accountId });
      samples.push(performance.now() - started);
      if (check?.status !== 'completed') throw new Error(`bench check ended ${check?.status}`);
      const one = performance.now();
      for (const target of targets)
        await (await fetch(target.url.replace('bench-shop.test', '127.0.0.1'))).text();
      sequential.push(performance.now() - one);
    }
    const check = summarize(samples);
    const serial = summarize(sequential);
    console.log(
      `\nMonitors: one check of ${TARGETS} targets (corpus pages, ${PAGE_LATENCY_MS} ms each on loopback)`,
    );
    console.log(`  the same ${TARGETS} pages fetched one after another  p50 ${fmt(serial.p50)}`);
    console.log(
      `  check (fetch all at once, compare, diff, settle)   p50 ${fmt(check.p50)}  max ${fmt(Math.max(...samples))}  (x${(check.p50 / serial.p50).toFixed(2)} the serial fetch)  target: < 3,000 ms`,
    );
  } finally {
    await site.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  runMonitorsBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
