import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { monitors, webhookDeliveries } from '../db/schema/index.js';
import { newId } from '../ids.js';
import { MAX_ATTEMPTS, MAX_WAITING_PER_MONITOR, retryDelayMs } from './retry-policy.js';
import { type AttemptResult, type SendEnvironment, sendDelivery } from './send.js';

/**
 * The delivery log of docs/reference/monitors.md#notifications and the work queue of retries in one table. Nothing waits in memory:
 * an attempt's outcome is written before the next is planned (`next_attempt_at`), so a frozen or
 * killed function loses no delivery; the sweeper hands due retries to the check workers.
 */

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export type EventName =
  | 'monitor.page'
  | 'monitor.check.completed'
  | 'monitor.target.failing'
  | 'monitor.target.recovered'
  | 'monitor.test';

export interface NewEvent {
  event: EventName;
  payload: string;
}

export async function recordDeliveries(
  db: Database,
  owner: { checkId: string; monitorId: string; accountId: string; url: string },
  events: NewEvent[],
  now: Date,
): Promise<DeliveryRow[]> {
  if (events.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values(
      events.map((event) => ({
        id: newId('msg'),
        checkId: owner.checkId,
        monitorId: owner.monitorId,
        accountId: owner.accountId,
        event: event.event,
        url: owner.url,
        payload: event.payload,
        status: 'pending',
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .returning();
}

/** How long a claimed delivery is hidden from other sweepers: longer than one attempt takes. */
const CLAIM_LEASE_MS = 2 * 60_000;

/**
 * Claims due deliveries for one sweep: their `next_attempt_at` moves a lease ahead in the same
 * statement that selects them (SKIP LOCKED), so two sweepers never hand out the same delivery.
 */
export async function claimDueDeliveries(db: Database, now: Date, limit: number): Promise<string[]> {
  const lease = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
  const result = await db.execute(sql`
    UPDATE webhook_deliveries SET next_attempt_at = ${lease}::timestamptz
    WHERE id IN (
      SELECT id FROM webhook_deliveries
      WHERE status IN ('pending', 'retrying') AND next_attempt_at <= ${now.toISOString()}::timestamptz
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

export interface DeliveryRuntime {
  db: Database;
  send: SendEnvironment;
  now(): Date;
}

/**
 * Attempts the given deliveries at once, each one at most once, and records every outcome with
 * its next attempt. Deliveries already settled (or whose monitor is gone) are skipped.
 */
export async function attemptDeliveries(rt: DeliveryRuntime, ids: string[]): Promise<DeliveryRow[]> {
  if (ids.length === 0) return [];
  const rows = await rt.db
    .select({ delivery: webhookDeliveries, secret: monitors.webhookSecret })
    .from(webhookDeliveries)
    .innerJoin(monitors, eq(monitors.id, webhookDeliveries.monitorId))
    .where(
      and(inArray(webhookDeliveries.id, ids), inArray(webhookDeliveries.status, ['pending', 'retrying'])),
    );
  return Promise.all(
    rows.map(async ({ delivery, secret }) => {
      const result: AttemptResult = secret
        ? await sendDelivery(rt.send, delivery, secret)
        : { delivered: false, httpStatus: null, error: 'the monitor has no webhook secret' };
      return recordAttempt(rt.db, delivery, result, rt.now());
    }),
  );
}

async function recordAttempt(
  db: Database,
  delivery: DeliveryRow,
  result: AttemptResult,
  now: Date,
): Promise<DeliveryRow> {
  const attempts = delivery.attempts + 1;
  let status: string;
  let nextAttemptAt: Date | null = null;
  let error = result.error;
  if (result.delivered) status = 'delivered';
  else {
    const delay = attempts < MAX_ATTEMPTS ? retryDelayMs(attempts) : null;
    if (delay === null) status = 'failed';
    else if (await tooManyWaiting(db, delivery.monitorId)) {
      status = 'failed';
      error = `${result.error}; not retried: ${MAX_WAITING_PER_MONITOR} deliveries of this monitor already wait for a retry`;
    } else {
      status = 'retrying';
      nextAttemptAt = new Date(now.getTime() + delay);
    }
  }
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status,
      attempts,
      httpStatus: result.httpStatus,
      error: result.delivered ? null : error,
      nextAttemptAt,
      deliveredAt: result.delivered ? now : null,
    })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts)))
    .returning();
  return row ?? delivery;
}

async function tooManyWaiting(db: Database, monitorId: string): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS waiting FROM (
      SELECT 1 FROM webhook_deliveries
      WHERE monitor_id = ${monitorId} AND status = 'retrying'
      LIMIT ${MAX_WAITING_PER_MONITOR}
    ) AS waiting`);
  return Number(rowsOf<{ waiting: number }>(result)[0]?.waiting ?? 0) >= MAX_WAITING_PER_MONITOR;
}

/**
 * Hands a retry that falls due before the sweeper's next run to something that wakes up for it:
 * on AWS a queue message with that delivery delay, locally a timer. Later retries wait for the sweep.
 */
export type RetryLater = (ids: string[], delayMs: number) => Promise<void>;

/** The sweeper runs every five minutes: a retry due sooner than that is handed to `later`. */
const SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * The first attempt of fresh deliveries, then, while `windowMs` allows, the retries that fall due
 * inside it (the 5-second one), awaited: a Lambda returns only when this is done. A retry due
 * after the window but before the next sweep goes to `later`; the rest are left to the sweeper.
 */
export async function deliverNow(
  rt: DeliveryRuntime,
  ids: string[],
  windowMs: number,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  later?: RetryLater,
): Promise<void> {
  const started = Date.now();
  let pending = ids;
  while (pending.length > 0) {
    const rows = await attemptDeliveries(rt, pending);
    const retry = rows.filter((row) => row.status === 'retrying' && row.nextAttemptAt);
    if (retry.length === 0) return;
    const dueIn = Math.max(...retry.map((row) => row.nextAttemptAt!.getTime() - rt.now().getTime()));
    if (Date.now() - started + dueIn > windowMs) {
      if (later && dueIn < SWEEP_INTERVAL_MS) {
        await later(
          retry.map((row) => row.id),
          Math.max(0, dueIn),
        );
      }
      return;
    }
    await sleep(Math.max(0, dueIn));
    pending = retry.map((row) => row.id);
  }
}

export async function deliveriesOfCheck(db: Database, checkId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.checkId, checkId))
    .orderBy(webhookDeliveries.id);
}
