import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { accountId, createdAt, id, timestamptz } from './columns.js';

/** One page target of a monitor, as the caller sent it. */
export interface MonitorTargetRow {
  url: string;
  selector?: string;
  /** Noise control: lines matching any of these (u flag) are left out before hashing and diffing. */
  ignore_patterns?: string[];
  /** Noise control: dates, times, relative times and counters are masked before hashing and diffing. */
  ignore_dates?: boolean;
}

/** docs/reference/monitors.md#checks-and-pages `summary`. */
export interface CheckSummaryRow {
  total: number;
  new: number;
  changed: number;
  unchanged: number;
  blocked: number;
  errored: number;
}

/** A run of changes with the unchanged lines around it, as `diff -U3` shows it (lib/change-detection/diff-hunks.ts). */
export interface DiffHunkRow {
  /** 1-based line of the new capture where the hunk starts. */
  after_line: number;
  lines: Array<{ kind: 'context' | 'removed' | 'added'; text: string }>;
}

/** docs/reference/monitors.md#checks-and-pages, stored as the API returns it. */
export interface PageResultRow {
  url: string;
  selector: string | null;
  status: 'new' | 'changed' | 'unchanged' | 'blocked' | 'error';
  change_percent: number | null;
  structural_similarity: number | null;
  added_count: number | null;
  removed_count: number | null;
  added_samples: string[];
  removed_samples: string[];
  content_hash: string | null;
  error_code: string | null;
  error: string | null;
  blocked_vendor: string | null;
  duration_ms: number;
  charged: boolean;
  /** With a monitor `goal`, on `changed` pages: whether the change matters for it (null: not judged). */
  relevant?: boolean | null;
  relevance_note?: string;
  /** On `changed`: the first changes with a few unchanged lines around each (checks since the hunks were added). */
  diff_hunks?: DiffHunkRow[];
  /** On `new`: the start of the text captured as the baseline. */
  captured_text?: string;
}

/** docs/reference/monitors.md#a-monitor. Times the service schedules by are instants; the cron is read in `timezone`. */
export const monitors = pgTable(
  'monitors',
  {
    id: id(),
    accountId: accountId(() => accounts.id),
    /** The key that created the monitor: scheduled checks hold credits and log usage against it. */
    apiKeyId: text('api_key_id').notNull(),
    name: text('name').notNull(),
    targets: jsonb('targets').$type<MonitorTargetRow[]>().notNull(),
    scheduleCron: text('schedule_cron').notNull(),
    timezone: text('timezone').notNull(),
    notifyEmails: jsonb('notify_emails').$type<string[]>().notNull(),
    webhookUrl: text('webhook_url'),
    webhookSecret: text('webhook_secret'),
    retentionDays: integer('retention_days').notNull(),
    status: text('status').notNull(),
    nextRunAt: timestamptz('next_run_at'),
    /**
     * The slot after `next_run_at`, computed off the sweep's path (by the check that runs a slot,
     * or when the schedule is set), so the sweep advances a monitor without parsing its cron.
     */
    followingRunAt: timestamptz('following_run_at'),
    /**
     * Where the sweep's index finds the monitor: `next_run_at`, except between the sweep's claim of
     * a slot and the check of that slot, when it still holds the claimed slot. The claim then
     * changes no indexed column, so each of a slot's row updates is HOT (no index entry written;
     * the table's fillfactor of 50, set in migration 0007, leaves the room on each page).
     */
    dueAt: timestamptz('due_at'),
    /** Seconds after its slot the monitor's check starts (lib/monitors/schedule/jitter.ts). */
    jitterSeconds: smallint('jitter_seconds').notNull().default(0),
    lastCheckAt: timestamptz('last_check_at'),
    estimatedCreditsPerMonth: integer('estimated_credits_per_month').notNull(),
    /** A change below this share of lines is reported `unchanged` and the baseline stays. */
    minChangePercent: real('min_change_percent').notNull().default(0),
    /** Consecutive failed checks of a target that send `monitor.target.failing`; null: off. */
    alertAfterFailures: integer('alert_after_failures'),
    /** What the user wants to hear about, in plain words: changed pages are judged against it. */
    goal: text('goal'),
    /** Set by the first `insufficient_credits` check of a streak: its event is the streak's only one. */
    creditsShortSince: timestamptz('credits_short_since'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('monitors_account_idx').on(table.accountId, table.id),
    // The sweeper's one question: which active monitors are due.
    index('monitors_due_idx').on(table.dueAt).where(sql`${table.status} = 'active'`),
  ],
);

/**
 * Each address of a monitor's `notify_emails`, with its consent: `pending` until the confirmation
 * link is followed, then `confirmed`, or `unsubscribed` for good. Rows stay when an address leaves
 * the list, so adding it back sends no second confirmation and never undoes an unsubscribe.
 */
export const monitorEmailRecipients = pgTable(
  'monitor_email_recipients',
  {
    monitorId: text('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    /** Lower case: the address as compared; the monitor keeps the caller's spelling. */
    email: text('email').notNull(),
    status: text('status').$type<'pending' | 'confirmed' | 'unsubscribed'>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.monitorId, table.email] })],
);

/** docs/reference/monitors.md#checks-and-pages: one row per check, its page results inline (at most 20, read with the check). */
export const monitorChecks = pgTable(
  'monitor_checks',
  {
    id: id(),
    monitorId: text('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    accountId: accountId(() => accounts.id),
    /** `schedule` (the sweeper) or `manual` (run-now). */
    trigger: text('trigger').notNull(),
    /** The schedule slot a scheduled check belongs to; null for run-now. */
    slot: timestamptz('slot'),
    status: text('status').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    summary: jsonb('summary').$type<CheckSummaryRow>().notNull(),
    creditsReserved: integer('credits_reserved').notNull().default(0),
    creditsCharged: integer('credits_charged').notNull().default(0),
    holdId: text('hold_id'),
    error: text('error'),
    pages: jsonb('pages').$type<PageResultRow[]>().notNull(),
  },
  (table) => [
    index('monitor_checks_history_idx').on(table.monitorId, table.id),
    index('monitor_checks_started_idx').on(table.startedAt),
    // At most one running check per monitor: the database, not a read-then-write, decides overlap.
    uniqueIndex('monitor_checks_one_running').on(table.monitorId).where(sql`${table.status} = 'running'`),
    // A slot is checked once, however often the queue delivers its message.
    uniqueIndex('monitor_checks_one_per_slot')
      .on(table.monitorId, table.slot)
      .where(sql`${table.slot} IS NOT NULL`),
  ],
);

/**
 * The last capture of one target: a monitor's (kept until the monitor is deleted) or the
 * track_changes tool's for an account (`monitor_id` null). `key` hashes account, scope and target.
 */
export const pageBaselines = pgTable(
  'page_baselines',
  {
    key: text('key').primaryKey(),
    accountId: accountId(() => accounts.id),
    monitorId: text('monitor_id').references(() => monitors.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    selector: text('selector'),
    contentHash: text('content_hash'),
    /** Normalised text, one line per block: what the next capture is diffed against. */
    content: text('content'),
    /** Bottom-k sketch of the tag-sequence shingles (structural similarity), base64. */
    structure: text('structure'),
    /** Status of the target at its latest check: email says when a target starts failing. */
    lastStatus: text('last_status'),
    /** Checks in a row this target was `error` or `blocked` (a monitor's health). */
    failureStreak: integer('failure_streak').notNull().default(0),
    failingSince: timestamptz('failing_since'),
    failureCode: text('failure_code'),
    /** `monitor.target.failing` went out for the current streak (never twice in one). */
    failingAlerted: boolean('failing_alerted').notNull().default(false),
    /** A target failing for long is fetched at most hourly: not before this instant. */
    nextFetchAt: timestamptz('next_fetch_at'),
    capturedAt: timestamptz('captured_at'),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [index('page_baselines_monitor_idx').on(table.monitorId)],
);

/** docs/reference/monitors.md#notifications: one signed event to one URL, retried with backoff until delivered or given up. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** Also the `webhook-id` header: the same on every attempt, so receivers can deduplicate. */
    id: id(),
    checkId: text('check_id')
      .notNull()
      .references(() => monitorChecks.id, { onDelete: 'cascade' }),
    monitorId: text('monitor_id').notNull(),
    accountId: accountId(() => accounts.id),
    event: text('event').notNull(),
    url: text('url').notNull(),
    /** The exact body signed and sent on every attempt. */
    payload: text('payload').notNull(),
    /** `pending` (not tried yet), `retrying`, `delivered`, `failed` (gave up). */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    httpStatus: integer('http_status'),
    error: text('error'),
    nextAttemptAt: timestamptz('next_attempt_at'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_deliveries_check_idx').on(table.checkId),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'retrying')`),
    index('webhook_deliveries_monitor_idx').on(table.monitorId).where(sql`${table.status} = 'retrying'`),
    // A monitor's health reads its newest settled delivery.
    index('webhook_deliveries_settled_idx')
      .on(table.monitorId, table.id)
      .where(sql`${table.status} IN ('delivered', 'failed')`),
  ],
);
