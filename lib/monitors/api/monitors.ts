import { and, desc, eq, getTableColumns, inArray, lt, notInArray } from 'drizzle-orm';
import { baselineKey } from '../../change-detection/baselines.js';
import type { Database } from '../../db/client.js';
import { monitorChecks, monitors, pageBaselines } from '../../db/schema/index.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import type { Mailer } from '../../notify/mailer.js';
import { generateWebhookSecret } from '../../webhooks/signing.js';
import { enrollRecipients, type LinkConfig, recipientStatuses } from '../recipients/recipients.js';
import { jitterSeconds } from '../schedule/jitter.js';
import { nextRunAfter } from '../schedule/schedule.js';
import { healthOf } from './health.js';
import type { CreateMonitorInput, PageQuery, UpdateMonitorInput } from './input.js';
import { enforcePlanCaps } from './plan-caps.js';
import { enforceMonitorRules, estimatedCreditsPerMonth, type RulesConfig } from './rules.js';
import { decodeCursor, encodeCursor, type MonitorView, monitorView } from './views.js';

/**
 * The monitor verbs of docs/reference/monitors.md#endpoints. Each is scoped to the caller's account first: another
 * account's monitor is looked up exactly like an id that does not exist, and answers the same 404.
 */

/** Who calls a verb, on which database, at what time: the first half of every verb's one argument. */
export interface MonitorContext {
  db: Database;
  config: RulesConfig & LinkConfig;
  /**
   * Sends the confirmation an address gets when a monitor lists it for the first time. The API
   * always passes one; scripts that seed monitors may not, and their addresses wait unconfirmed.
   */
  mailer?: Mailer;
  accountId: string;
  /** The key that creates a monitor: its scheduled checks hold credits against it. */
  apiKeyId: string;
  now: Date;
}

export interface MonitorCall<C extends keyof MonitorContext, I> {
  ctx: Pick<MonitorContext, C>;
  input: I;
}

type MonitorRow = typeof monitors.$inferSelect;

export function monitorNotFound(id: string): ApiError {
  return new ApiError('NOT_FOUND', `No monitor with id ${id}.`);
}

export async function findMonitor(db: Database, accountId: string, id: string): Promise<MonitorRow> {
  const [row] = await db
    .select()
    .from(monitors)
    .where(and(eq(monitors.id, id), eq(monitors.accountId, accountId)));
  if (!row) throw monitorNotFound(id);
  return row;
}

export async function createMonitor({
  ctx,
  input,
}: MonitorCall<
  'db' | 'config' | 'mailer' | 'accountId' | 'apiKeyId' | 'now',
  CreateMonitorInput
>): Promise<MonitorView> {
  const { db, config, now } = ctx;
  const webhookUrl = input.webhook_url ?? null;
  const secret = input.webhook_secret ?? (webhookUrl ? generateWebhookSecret() : null);
  const facts = await enforceMonitorRules(
    config,
    { ...input, webhook_url: webhookUrl, webhook_secret: input.webhook_secret ?? null },
    now,
  );
  if (input.status === 'active') {
    await enforcePlanCaps(db, ctx.accountId, { id: null, targets: input.targets.length });
  }
  const id = newId('mon');
  const [row] = await db
    .insert(monitors)
    .values({
      id,
      jitterSeconds: jitterSeconds(id),
      accountId: ctx.accountId,
      apiKeyId: ctx.apiKeyId,
      name: input.name,
      targets: input.targets,
      scheduleCron: input.schedule_cron,
      timezone: input.timezone,
      notifyEmails: input.notify_emails,
      webhookUrl,
      webhookSecret: secret,
      retentionDays: input.retention_days,
      status: input.status,
      nextRunAt: input.status === 'active' ? facts.nextRunAt : null,
      dueAt: input.status === 'active' ? facts.nextRunAt : null,
      followingRunAt: input.status === 'active' ? followingSlot(input, facts.nextRunAt) : null,
      estimatedCreditsPerMonth: estimatedCreditsPerMonth(facts, input.targets.length, input.goal ?? null),
      minChangePercent: input.min_change_percent,
      goal: input.goal ?? null,
      alertAfterFailures: input.alert_after_failures ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await enrollRecipients(ctx, row);
  return viewOne(db, row);
}

/** One monitor as its own verbs answer: with the secret, its health and its addresses' states. */
async function viewOne(db: Database, row: MonitorRow): Promise<MonitorView> {
  const [health, emails] = await Promise.all([healthOf(db, [row]), recipientStatuses(db, [row])]);
  return monitorView(row, {
    withSecret: true,
    health: health.get(row.id),
    emailStatus: emails.get(row.id) ?? [],
  });
}

export async function getMonitor({
  ctx,
  input,
}: MonitorCall<'db' | 'accountId', { id: string }>): Promise<MonitorView> {
  return viewOne(ctx.db, await findMonitor(ctx.db, ctx.accountId, input.id));
}

export interface MonitorPage {
  data: MonitorView[];
  next_cursor: string | null;
}

/** Newest first; each monitor with its newest check, without pages, and never the secret. */
export async function listMonitors({
  ctx,
  input: query,
}: MonitorCall<'db' | 'accountId', PageQuery>): Promise<MonitorPage> {
  const { db, accountId } = ctx;
  const conditions = [eq(monitors.accountId, accountId)];
  if (query.cursor) conditions.push(lt(monitors.id, decodeCursor(query.cursor, 'mon')));
  const rows = await db
    .select()
    .from(monitors)
    .where(and(...conditions))
    .orderBy(desc(monitors.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const [lastChecks, health, emails] = await Promise.all([
    newestChecks(
      db,
      page.map((row) => row.id),
    ),
    healthOf(db, page),
    recipientStatuses(db, page),
  ]);
  return {
    data: page.map((row) =>
      monitorView(row, {
        withSecret: false,
        lastCheck: lastChecks.get(row.id) ?? null,
        health: health.get(row.id),
        emailStatus: emails.get(row.id) ?? [],
      }),
    ),
    next_cursor: rows.length > query.limit ? encodeCursor(page[page.length - 1].id) : null,
  };
}

async function newestChecks(db: Database, monitorIds: string[]) {
  const newest = new Map<string, typeof monitorChecks.$inferSelect>();
  if (monitorIds.length === 0) return newest;
  const { pages: _pages, ...columns } = getTableColumns(monitorChecks);
  const rows = await db
    .selectDistinctOn([monitorChecks.monitorId], columns)
    .from(monitorChecks)
    .where(inArray(monitorChecks.monitorId, monitorIds))
    .orderBy(monitorChecks.monitorId, desc(monitorChecks.id));
  for (const row of rows) newest.set(row.monitorId, { ...row, pages: [] });
  return newest;
}

/**
 * PATCH: any subset of the create fields. The schedule's facts are recomputed when the cron, the
 * zone or the targets change; `next_run_at` follows docs/reference/monitors.md#a-monitor (null when paused; the next slot after
 * now on resume or when the schedule changes; otherwise kept).
 */
export async function updateMonitor({
  ctx,
  input: { id, changes: input },
}: MonitorCall<
  'db' | 'config' | 'mailer' | 'accountId' | 'now',
  { id: string; changes: UpdateMonitorInput }
>): Promise<MonitorView> {
  const { db, config, accountId, now } = ctx;
  const current = await findMonitor(db, accountId, id);
  const webhookUrl = input.webhook_url === undefined ? current.webhookUrl : input.webhook_url;
  let secret = input.webhook_secret ?? current.webhookSecret;
  if (webhookUrl === null) secret = null;
  else if (!secret) secret = generateWebhookSecret();
  const shape = {
    targets: input.targets ?? current.targets,
    schedule_cron: input.schedule_cron ?? current.scheduleCron,
    timezone: input.timezone ?? current.timezone,
    webhook_url: webhookUrl,
    webhook_secret: input.webhook_secret ?? null,
  };
  const facts = await enforceMonitorRules(config, shape, now, {
    targets: input.targets !== undefined,
    webhook: input.webhook_url !== undefined,
    secret: input.webhook_secret !== undefined,
  });
  const status = input.status ?? current.status;
  const goal = input.goal === undefined ? current.goal : input.goal;
  if (status === 'active' && (current.status !== 'active' || input.targets !== undefined)) {
    await enforcePlanCaps(db, accountId, { id, targets: shape.targets.length });
  }
  const scheduleChanged = shape.schedule_cron !== current.scheduleCron || shape.timezone !== current.timezone;
  let nextRunAt = current.nextRunAt;
  let followingRunAt = current.followingRunAt;
  if (status === 'paused') {
    nextRunAt = null;
    followingRunAt = null;
  } else if (current.status === 'paused' || scheduleChanged || nextRunAt === null) {
    nextRunAt = nextRunAfter(shape.schedule_cron, shape.timezone, now);
    followingRunAt = followingSlot(shape, nextRunAt);
  }

  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(monitors)
      .set({
        name: input.name ?? current.name,
        targets: shape.targets,
        scheduleCron: shape.schedule_cron,
        timezone: shape.timezone,
        notifyEmails: input.notify_emails ?? current.notifyEmails,
        webhookUrl,
        webhookSecret: secret,
        retentionDays: input.retention_days ?? current.retentionDays,
        status,
        nextRunAt,
        // A slot claimed and not yet checked is superseded by the new one: due_at follows.
        dueAt: nextRunAt,
        followingRunAt,
        estimatedCreditsPerMonth: estimatedCreditsPerMonth(facts, shape.targets.length, goal),
        goal,
        minChangePercent: input.min_change_percent ?? current.minChangePercent,
        alertAfterFailures:
          input.alert_after_failures === undefined ? current.alertAfterFailures : input.alert_after_failures,
        updatedAt: now,
      })
      .where(and(eq(monitors.id, id), eq(monitors.accountId, accountId)))
      .returning();
    if (!updated) throw monitorNotFound(id);
    if (input.targets) {
      // A target taken off the monitor takes its baseline along; the others keep theirs.
      const kept = shape.targets.map((target) => baselineKey(accountId, id, target));
      await tx
        .delete(pageBaselines)
        .where(and(eq(pageBaselines.monitorId, id), notInArray(pageBaselines.key, kept)));
    }
    return updated;
  });
  if (input.notify_emails) await enrollRecipients(ctx, row);
  return viewOne(db, row);
}

/** The slot after `next`, stored so the sweep never parses a cron (see the sweeper). */
function followingSlot(
  schedule: { schedule_cron: string; timezone: string },
  next: Date | null,
): Date | null {
  return next ? nextRunAfter(schedule.schedule_cron, schedule.timezone, next) : null;
}

/** Checks, pages, deliveries and baselines go with it (foreign keys cascade). */
export async function deleteMonitor({
  ctx: { db, accountId },
  input: { id },
}: MonitorCall<'db' | 'accountId', { id: string }>): Promise<{ id: string; deleted: true }> {
  const deleted = await db
    .delete(monitors)
    .where(and(eq(monitors.id, id), eq(monitors.accountId, accountId)))
    .returning({ id: monitors.id });
  if (deleted.length === 0) throw monitorNotFound(id);
  return { id, deleted: true };
}
