import { type SQL, sql } from 'drizzle-orm';
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
/**
 * The planner stops once a run has claimed this many monitors (the stored-slot claim takes every due
 * one in its single statement); the rest are still due at the next run.
 */
const MAX_CLAIMS_PER_RUN = 200_000;
const DELIVERIES_PER_JOB = 20;
const MAX_DELIVERIES_PER_RUN = 10_000;
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

/** Claimed monitors of one slot and one jitter: the ids space-separated (an id has no space). */
interface ClaimedGroup {
  slot: Date | string;
  jitter_seconds: number;
  ids: string;
}

/**
 * Runs a claiming UPDATE (`RETURNING id, slot, jitter_seconds`) and reads what it claimed grouped by
 * slot and jitter: about sixty rows for a slot's 100,000 monitors, instead of 100,000 rows for the
 * driver to parse (a third of a fresh sweep's time, measured).
 */
async function claimGrouped(db: Database, update: SQL): Promise<QueuedJob[]> {
  const groups = rowsOf<ClaimedGroup>(
    await db.execute(sql`
      WITH claimed AS (${update})
      SELECT slot, jitter_seconds, string_agg(id, ' ') AS ids FROM claimed GROUP BY slot, jitter_seconds`),
  );
  const jobs: QueuedJob[] = [];
  for (const group of groups) {
    const slot = new Date(group.slot).toISOString();
    for (const id of group.ids.split(' ')) {
      jobs.push({ job: { type: 'check', monitor_id: id, slot }, delaySeconds: group.jitter_seconds });
    }
  }
  return jobs;
}

/**
 * Queues every due monitor's check, once per slot, in one batched enqueue. A monitor whose next
 * slot after this one is already on its row (`following_run_at`, stored by the check of its
 * previous slot or when its schedule was set) is claimed by one statement that moves the stored
 * slot forward: no cron is parsed on the sweep's path. The rest (a slot whose check never ran, or
 * slots skipped while the sweeper was down) go through the planner, as before.
 */
export async function queueDueChecks(db: Database, queue: JobQueue, now: Date): Promise<number> {
  // The planner's first look runs beside the claim, on another connection: it leaves out the rows
  // the claim takes whether it reads them before the claim or after, so neither waits for the other.
  const [stored, firstLook] = await Promise.all([claimStoredSlots(db, now), lookForUnstoredSlots(db, now)]);
  await queue.send(stored);
  return (
    stored.length + (await claimByPlanning(db, queue, now, firstLook, MAX_CLAIMS_PER_RUN - stored.length))
  );
}

/** Due, unclaimed, with its next slot already stored: the claim's rows, which the planner leaves alone. */
function storedSlotDue(at: string): SQL {
  return sql`monitors.status = 'active' AND monitors.due_at <= ${at}::timestamptz
    AND monitors.next_run_at = monitors.due_at AND monitors.following_run_at > ${at}::timestamptz`;
}

/**
 * The claim is one UPDATE that moves `next_run_at` to the stored slot; the row is found through
 * `due_at`, which the claim leaves alone (the check of the slot moves it), so no indexed column
 * changes and every update is HOT: 100,000 claims write no index entry. Exactly once: a row whose
 * slot was claimed no longer has `next_run_at = due_at`, and a second sweeper's UPDATE that waited
 * on the first's row lock re-reads the row and passes over it. The advisory lock (evaluated once,
 * held to the statement's end; the key is this service's lock space and the sweep's claim) keeps
 * two sweepers from interleaving their row locks into a deadlock: the one without it claims
 * nothing here and leaves these rows to the one that has it.
 */
function claimStoredSlots(db: Database, now: Date): Promise<QueuedJob[]> {
  const at = now.toISOString();
  return claimGrouped(
    db,
    sql`UPDATE monitors SET next_run_at = following_run_at, following_run_at = NULL
      WHERE (SELECT pg_try_advisory_xact_lock(7319, 1)) AND ${storedSlotDue(at)}
      RETURNING monitors.id, monitors.due_at AS slot, monitors.jitter_seconds`,
  );
}

/**
 * Claims due monitors with no usable stored slot a batch at a time. The claim is the conditional
 * advance of `next_run_at` (`WHERE next_run_at = <the value read>`): when two sweepers read the
 * same row, the one whose update lands first wins it, the other's update matches nothing, so a slot
 * is queued once. A monitor whose slots were missed (sweeper down) runs once, for the latest slot.
 * A row whose claimed slot was never checked (its job lost) is found here when its next slot comes.
 */
async function claimByPlanning(
  db: Database,
  queue: JobQueue,
  now: Date,
  firstLook: DueMonitor[],
  limit: number,
): Promise<number> {
  // Every monitor of a sweep takes its next slot after the same `now`: schedules many monitors share
  // (hourly in UTC, every 15 minutes...) are computed once.
  const nextSlot = nextRunPlanner(now);
  let queued = 0;
  let due = firstLook;
  for (let claimed = 0; due.length > 0 && claimed < limit; ) {
    const values = sql.join(
      due.map((row) => {
        const next = nextSlot(row.schedule_cron, row.timezone)?.toISOString() ?? null;
        return sql`(${row.id}, ${new Date(row.next_run_at).toISOString()}::timestamptz, ${next}::timestamptz)`;
      }),
      sql`, `,
    );
    const won = await claimGrouped(
      db,
      sql`UPDATE monitors SET next_run_at = claim.next, due_at = claim.next, following_run_at = NULL
        FROM (VALUES ${values}) AS claim(id, slot, next)
        WHERE monitors.id = claim.id AND monitors.next_run_at = claim.slot AND monitors.status = 'active'
        RETURNING monitors.id, claim.slot, monitors.jitter_seconds`,
    );
    await queue.send(won);
    queued += won.length;
    claimed += due.length;
    if (due.length < CLAIM_BATCH) break;
    due = await lookForUnstoredSlots(db, now);
  }
  return queued;
}

/** Due monitors the stored-slot claim does not take (before it runs or after), a batch of them. */
async function lookForUnstoredSlots(db: Database, now: Date): Promise<DueMonitor[]> {
  const at = now.toISOString();
  return rowsOf<DueMonitor>(
    await db.execute(sql`
      SELECT id, schedule_cron, timezone, next_run_at FROM monitors
      WHERE status = 'active' AND due_at <= ${at}::timestamptz AND next_run_at <= ${at}::timestamptz
        AND NOT coalesce(${storedSlotDue(at)}, false)
      ORDER BY due_at
      LIMIT ${CLAIM_BATCH}`),
  );
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
