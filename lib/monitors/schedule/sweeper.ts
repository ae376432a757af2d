import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { pruneRequestLog, releaseStaleHolds } from '../../ledger/index.js';
import { pruneExpiredResults } from '../../results/prune-expired.js';
import { claimDueDeliveries } from '../../webhooks/deliveries.js';
import type { CheckRuntime } from '../check/check-runtime.js';
import { failStaleChecks } from '../check/stale-checks.js';
import type { JobQueue, QueuedJob } from '../queue/jobs.js';
import { pruneChecks } from './retention.js';
import { nextRunPlanner } from './schedule.js';

/**
 * Every five minutes (EventBridge on AWS, a timer in the dev server): start every due check, hand
 * out due webhook retries, fail checks whose worker died, prune checks past retention, expired
 * stored results and batches and the request log's week, and release stale credit holds. The sweeper only claims and enqueues; check workers do the work, so
 * a slot with many due monitors never runs them one after another here.
 */

const CLAIM_BATCH = 1_000;
/** A run claims at most this many monitors; the rest are still due at the next run. */
const MAX_CLAIMS_PER_RUN = 200_000;
const DELIVERIES_PER_JOB = 20;
const MAX_DELIVERIES_PER_RUN = 10_000;
/** Spread of a slot's checks: each monitor starts at the same offset into the minute every time. */
export const JITTER_SECONDS = 60;
/** A running check this old has lost its worker (the check Lambda stops after 90 s). */
export const STALE_CHECK_MS = 15 * 60_000;

export interface SweepReport {
  checksQueued: number;
  deliveriesQueued: number;
  staleChecksFailed: number;
  checksPruned: number;
  resultsPruned: number;
  requestsPruned: number;
  holdsReleased: number;
}

export function jitterSeconds(monitorId: string): number {
  return createHash('sha256').update(monitorId).digest().readUInt32BE(0) % JITTER_SECONDS;
}

export async function sweep(rt: CheckRuntime, queue: JobQueue): Promise<SweepReport> {
  const { db } = rt.services;
  const now = rt.now();
  const checksQueued = await queueDueChecks(db, queue, now);
  const deliveriesQueued = await queueDueDeliveries(db, queue, now);
  const staleChecksFailed = await failStaleChecks(rt, new Date(now.getTime() - STALE_CHECK_MS));
  const checksPruned = await pruneChecks(db, now);
  const resultsPruned = await pruneExpiredResults(db, now);
  // The log keeps a week of real time, whatever clock the schedule runs on.
  const requestsPruned = await pruneRequestLog(db, new Date());
  // Holds expire on the database's clock, not the schedule's: a hold is stale after real time.
  const holdsReleased = await releaseStaleHolds(db);
  return {
    checksQueued,
    deliveriesQueued,
    staleChecksFailed,
    checksPruned,
    resultsPruned,
    requestsPruned,
    holdsReleased,
  };
}

interface DueMonitor {
  id: string;
  schedule_cron: string;
  timezone: string;
  next_run_at: Date | string;
}

/**
 * Queues every due monitor's check, once per slot, in one batched enqueue. A monitor whose next
 * slot after this one is already on its row (`following_run_at`, stored by the check of its
 * previous slot or when its schedule was set) is claimed by one indexed statement that moves the
 * stored slot forward: no cron is parsed on the sweep's path. The rest (a slot missed by the
 * worker, or skipped while the sweeper was down) go through the planner, as before.
 */
export async function queueDueChecks(db: Database, queue: JobQueue, now: Date): Promise<number> {
  const stored = await claimStoredSlots(db, now, MAX_CLAIMS_PER_RUN);
  await queue.send(stored.map(checkJob));
  return stored.length + (await claimByPlanning(db, queue, now, MAX_CLAIMS_PER_RUN - stored.length));
}

interface ClaimedSlot {
  id: string;
  slot: Date;
}

function checkJob(claimed: ClaimedSlot): QueuedJob {
  return {
    job: { type: 'check', monitor_id: claimed.id, slot: claimed.slot.toISOString() },
    delaySeconds: jitterSeconds(claimed.id),
  };
}

/**
 * The claim is the row lock (SKIP LOCKED: a second sweeper passes over rows the first holds) and
 * the advance of `next_run_at` in the same statement, so a slot is queued once.
 */
async function claimStoredSlots(db: Database, now: Date, limit: number): Promise<ClaimedSlot[]> {
  const at = now.toISOString();
  const rows = rowsOf<{ id: string; slot: Date | string }>(
    await db.execute(sql`
      WITH due AS (
        SELECT id, next_run_at AS slot FROM monitors
        WHERE status = 'active' AND next_run_at <= ${at}::timestamptz AND following_run_at > ${at}::timestamptz
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE monitors SET next_run_at = monitors.following_run_at, following_run_at = NULL
      FROM due WHERE monitors.id = due.id
      RETURNING monitors.id, due.slot`),
  );
  return rows.map((row) => ({ id: row.id, slot: new Date(row.slot) }));
}

/**
 * Claims due monitors with no usable stored slot a batch at a time. The claim is the conditional
 * advance of `next_run_at` (`WHERE next_run_at = <the value read>`): when two sweepers read the
 * same row, the one whose update lands first wins it, the other's update matches nothing, so a slot
 * is queued once. A monitor whose slots were missed (sweeper down) runs once, for the latest slot.
 */
async function claimByPlanning(db: Database, queue: JobQueue, now: Date, limit: number): Promise<number> {
  // Every monitor of a sweep takes its next slot after the same `now`: schedules many monitors share
  // (hourly in UTC, every 15 minutes...) are computed once.
  const nextSlot = nextRunPlanner(now);
  let queued = 0;
  for (let claimed = 0; claimed < limit; ) {
    const due = rowsOf<DueMonitor>(
      await db.execute(sql`
        SELECT id, schedule_cron, timezone, next_run_at FROM monitors
        WHERE status = 'active' AND next_run_at <= ${now.toISOString()}::timestamptz
        ORDER BY next_run_at
        LIMIT ${CLAIM_BATCH}`),
    );
    if (due.length === 0) break;
    const advances = due.map((row) => {
      const slot = new Date(row.next_run_at);
      return { id: row.id, slot, next: nextSlot(row.schedule_cron, row.timezone) };
    });
    const values = sql.join(
      advances.map(
        (advance) =>
          sql`(${advance.id}, ${advance.slot.toISOString()}::timestamptz, ${advance.next?.toISOString() ?? null}::timestamptz)`,
      ),
      sql`, `,
    );
    const won = rowsOf<{ id: string }>(
      await db.execute(sql`
        UPDATE monitors SET next_run_at = claim.next, following_run_at = NULL
        FROM (VALUES ${values}) AS claim(id, slot, next)
        WHERE monitors.id = claim.id AND monitors.next_run_at = claim.slot AND monitors.status = 'active'
        RETURNING monitors.id`),
    );
    const wonIds = new Set(won.map((row) => row.id));
    const jobs = advances.filter((advance) => wonIds.has(advance.id)).map(checkJob);
    await queue.send(jobs);
    queued += jobs.length;
    claimed += due.length;
    if (due.length < CLAIM_BATCH) break;
  }
  return queued;
}

async function queueDueDeliveries(db: Database, queue: JobQueue, now: Date): Promise<number> {
  const ids = await claimDueDeliveries(db, now, MAX_DELIVERIES_PER_RUN);
  const jobs: QueuedJob[] = [];
  for (let i = 0; i < ids.length; i += DELIVERIES_PER_JOB) {
    jobs.push({
      job: { type: 'deliver', delivery_ids: ids.slice(i, i + DELIVERIES_PER_JOB) },
      delaySeconds: 0,
    });
  }
  await queue.send(jobs);
  return ids.length;
}
