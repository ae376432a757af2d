import type {
  CheckSummaryRow,
  MonitorTargetRow,
  monitorChecks,
  monitors,
  PageResultRow,
  webhookDeliveries,
} from '../../db/schema/monitors.js';
import { validationError } from '../../errors/api-error.js';
import { isIdOf } from '../../id-format.js';
import type { EmailStatus } from '../recipients/recipients.js';

/** The API's shapes of docs/reference/monitors.md, made from rows. Timestamps are ISO 8601 in UTC. */

type MonitorRow = typeof monitors.$inferSelect;
type CheckRow = typeof monitorChecks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface CheckView {
  id: string;
  monitor_id: string;
  trigger: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  summary: CheckSummaryRow;
  credits_reserved: number;
  credits_charged: number;
  error: string | null;
  pages?: PageResultRow[];
  deliveries?: DeliveryView[];
  previous_check_id?: string | null;
  next_check_id?: string | null;
}

export interface DeliveryView {
  id: string;
  event: string;
  url: string;
  attempts: number;
  status: string;
  http_status: number | null;
  error: string | null;
  delivered_at: string | null;
  next_attempt_at: string | null;
  /** The event body as signed and sent: the same on every attempt. */
  payload: Record<string, unknown>;
}

interface TargetHealth {
  url: string;
  selector: string | null;
  consecutive_failures: number;
  failing_since: string | null;
  error_code: string | null;
}

export interface MonitorHealth {
  status: 'ok' | 'failing' | 'webhook_failing';
  targets: TargetHealth[];
}

export interface MonitorView {
  id: string;
  name: string;
  targets: MonitorTargetRow[];
  schedule_cron: string;
  timezone: string;
  notify_emails: string[];
  /** Each address of `notify_emails` with its consent: only `confirmed` ones are emailed. */
  notify_email_status: EmailStatus[];
  webhook_url: string | null;
  webhook_secret?: string | null;
  retention_days: number;
  status: string;
  next_run_at: string | null;
  last_check_at: string | null;
  estimated_credits_per_month: number;
  min_change_percent: number;
  alert_after_failures: number | null;
  goal: string | null;
  health?: MonitorHealth;
  created_at: string;
  updated_at: string;
  last_check?: CheckView | null;
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** A target as sent: the noise fields only when the caller set them. */
function targetView(target: MonitorTargetRow): MonitorTargetRow {
  const view: MonitorTargetRow = { url: target.url };
  if (target.selector !== undefined) view.selector = target.selector;
  if (target.ignore_patterns !== undefined) view.ignore_patterns = target.ignore_patterns;
  if (target.ignore_dates !== undefined) view.ignore_dates = target.ignore_dates;
  return view;
}

export function monitorView(
  row: MonitorRow,
  options: {
    withSecret: boolean;
    lastCheck?: CheckRow | null;
    health?: MonitorHealth;
    emailStatus: EmailStatus[];
  },
): MonitorView {
  const view: MonitorView = {
    id: row.id,
    name: row.name,
    targets: row.targets.map(targetView),
    schedule_cron: row.scheduleCron,
    timezone: row.timezone,
    notify_emails: row.notifyEmails,
    notify_email_status: options.emailStatus,
    webhook_url: row.webhookUrl,
    retention_days: row.retentionDays,
    status: row.status,
    next_run_at: iso(row.nextRunAt),
    last_check_at: iso(row.lastCheckAt),
    estimated_credits_per_month: row.estimatedCreditsPerMonth,
    min_change_percent: row.minChangePercent,
    alert_after_failures: row.alertAfterFailures,
    goal: row.goal,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
  if (options.withSecret) view.webhook_secret = row.webhookSecret;
  if (options.health) view.health = options.health;
  if (options.lastCheck !== undefined) {
    view.last_check = options.lastCheck ? checkView(options.lastCheck, {}) : null;
  }
  return view;
}

export function checkView(
  row: CheckRow,
  options: { withPages?: boolean; deliveries?: DeliveryRow[] },
): CheckView {
  const view: CheckView = {
    id: row.id,
    monitor_id: row.monitorId,
    trigger: row.trigger,
    status: row.status,
    started_at: row.startedAt.toISOString(),
    finished_at: iso(row.finishedAt),
    summary: row.summary,
    credits_reserved: row.creditsReserved,
    credits_charged: row.creditsCharged,
    error: row.error,
  };
  if (options.withPages) view.pages = row.pages;
  if (options.deliveries) view.deliveries = options.deliveries.map(deliveryView);
  return view;
}

export function deliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    event: row.event,
    url: row.url,
    attempts: row.attempts,
    status: row.status,
    http_status: row.httpStatus,
    error: row.error,
    delivered_at: iso(row.deliveredAt),
    next_attempt_at: iso(row.nextAttemptAt),
    payload: JSON.parse(row.payload),
  };
}

/** Cursors are opaque to callers: the base64url of the last id returned. */
export function encodeCursor(id: string): string {
  return Buffer.from(id).toString('base64url');
}

export function decodeCursor(cursor: string, prefix: string): string {
  const id = Buffer.from(cursor, 'base64url').toString();
  if (!isIdOf(prefix, id)) {
    throw validationError('cursor is not a value this list returned', [
      { field: 'cursor', message: "use the previous response's next_cursor" },
    ]);
  }
  return id;
}

export const EMPTY_SUMMARY: CheckSummaryRow = {
  total: 0,
  new: 0,
  changed: 0,
  unchanged: 0,
  blocked: 0,
  errored: 0,
};
