import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { releaseStaleHolds } from '../../ledger/index.js';
import { pruneExpiredResults } from '../../results/prune-expired.js';
import { claimDueDeliveries } from '../../webhooks/deliveries.js';
import type { CheckRuntime } from '../check/check-runtime.js';
import { failStaleChecks } from '../check/stale-checks.js';
import type { JobQueue, QueuedJob } from '../queue/jobs.js';
import { pruneChecks } from './retention.js';
import { nextRunPlanner } from './schedule.js';

/**
 * Every five minutes (EventBridge on AWS, a timer in the dev server): start every due check, hand
 * out due webhook retries, fail checks whose worker died, prune checks past retention and expired
 * stored results and batches, and release stale credit holds. The sweeper only claims and enqueues; check workers do the work, so
 * a slot with many due monitors never runs them one after another here.
 */

const CLAIM_BATCH = 1_000;
/** The planner's batches stop after this many monitors; the rest are still due at the next run. */
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
  // Holds expire on the database's clock, not the schedule's: a hold is stale after real time.
  const holdsReleased = await releaseStaleHolds(db);
  return { checksQueued, deliveriesQueued, staleChecksFailed, checksPruned, resultsPruned, holdsReleased };
}

interface DueMonitor {
  id: string;
  schedule_cron: string;
  timezone: string;
  next_run_at: Date | string;
}

/** A claimed row as the claim returns it: the slot as the driver gives it, the stored jitter. */
interface ClaimedSlot {
  id: string;
  slot: Date | string;
  jitter_seconds: number;
}

/**
 * One sweeper at a time claims stored slots; a second one, at the same moment, leaves them to it.
 * The key is (this service's advisory-lock space, the sweep's claim); it is held to the statement's end.
 */
const CLAIM_LOCK = sql.raw('pg_try_advisory_xact_lock(7319, 1)');

/** Due, unclaimed, with its next slot already stored: the claim's rows, which the planner leaves alone. */
function storedSlotDue(at: string) {
  return sql`monitors.status = 'active' AND monitors.due_at <= ${at}::timestamptz
    AND monitors.next_run_at = monitors.due_at AND monitors.following_run_at > ${at}::timestamptz`;
}

/**
 * Queues every due monitor's check, once per slot, in one batched enqueue. A monitor whose next
 * slot after this one is already on its row (`following_run_at`, stored by the check of its
 * previous slot or when its schedule was set) is claimed by one indexed statement that moves the
 * stored slot forward: no cron is parsed on the sweep's path. The rest (a slot missed by the
 * worker, or skipped while the sweeper was down) go through the planner, as before.
 */
export async function queueDueChecks(db: Database, queue: JobQueue, now: Date): Promise<number> {
  const stored = await claimStoredSlots(db, now);
  await queue.send(checkJobs(stored));
  return stored.length + (await claimByPlanning(db, queue, now, MAX_CLAIMS_PER_RUN - stored.length));
}

/** A slot's rows share a handful of slot values: each is turned into its ISO form once. */
function checkJobs(claimed: ClaimedSlot[]): QueuedJob[] {
  const iso = new Map<Date | string, string>();
  return claimed.map((row) => {
    let slot = iso.get(row.slot);
    if (slot === undefined) {
      slot = new Date(row.slot).toISOString();
      iso.set(row.slot, slot);
    }
    return { job: { type: 'check', monitor_id: row.id, slot }, delaySeconds: row.jitter_seconds };
  });
}

/**
 * The claim is one UPDATE that moves `next_run_at` to the stored slot; the row is found through
 * `due_at`, which the claim leaves alone (the check of the slot moves it), so no indexed column
 * changes and every update is HOT: 100,000 claims write no index entry. Exactly once: a row whose
 * slot was claimed no longer has `next_run_at = due_at`, and a second sweeper's UPDATE that waited
 * on the first's row lock re-reads the row and passes over it. The advisory lock keeps two
 * sweepers from interleaving their row locks (a deadlock); the one without it claims nothing here
 * and leaves these rows to the one that has it.
 */
async function claimStoredSlots(db: Database, now: Date): Promise<ClaimedSlot[]> {
  const at = now.toISOString();
  return rowsOf<ClaimedSlot>(
    await db.execute(sql`
      WITH gate AS (SELECT ${CLAIM_LOCK} AS held)
      UPDATE monitors SET next_run_at = following_run_at, following_run_at = NULL
      FROM gate
      WHERE gate.held AND ${storedSlotDue(at)}
      RETURNING monitors.id, monitors.due_at AS slot, monitors.jitter_seconds`),
  );
}

/**
 * Claims due monitors with no usable stored slot a batch at a time. The claim is the conditional
 * advance of `next_run_at` (`WHERE next_run_at = <the value read>`): when two sweepers read the
 * same row, the one whose update lands first wins it, the other's update matches nothing, so a slot
 * is queued once. A monitor whose slots were missed (sweeper down) runs once, for the latest slot.
 * A row whose claimed slot was never checked (its job lost) is found here when its next slot comes.
 */
async function claimByPlanning(db: Database, queue: JobQueue, now: Date, limit: number): Promise<number> {
  // Every monitor of a sweep takes its next slot after the same `now`: schedules many monitors share
  // (hourly in UTC, every 15 minutes...) are computed once.
  const nextSlot = nextRunPlanner(now);
  const at = now.toISOString();
  let queued = 0;
  for (let claimed = 0; claimed < limit; ) {
    const due = rowsOf<DueMonitor>(
      await db.execute(sql`
        SELECT id, schedule_cron, timezone, next_run_at FROM monitors
        WHERE status = 'active' AND due_at <= ${at}::timestamptz AND next_run_at <= ${at}::timestamptz
          AND NOT coalesce(${storedSlotDue(at)}, false)
        ORDER BY due_at
        LIMIT ${CLAIM_BATCH}`),
    );
    if (due.length === 0) break;
    const values = sql.join(
      due.map((row) => {
        const next = nextSlot(row.schedule_cron, row.timezone)?.toISOString() ?? null;
        return sql`(${row.id}, ${new Date(row.next_run_at).toISOString()}::timestamptz, ${next}::timestamptz)`;
      }),
      sql`, `,
    );
    const won = rowsOf<ClaimedSlot>(
      await db.execute(sql`
        UPDATE monitors SET next_run_at = claim.next, due_at = claim.next, following_run_at = NULL
        FROM (VALUES ${values}) AS claim(id, slot, next)
        WHERE monitors.id = claim.id AND monitors.next_run_at = claim.slot AND monitors.status = 'active'
        RETURNING monitors.id, claim.slot, monitors.jitter_seconds`),
    );
    await queue.send(checkJobs(won));
    queued += won.length;
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
