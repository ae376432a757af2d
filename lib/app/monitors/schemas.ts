import { z } from '@hono/zod-openapi';
import { targetSchema } from '../../monitors/api/input.js';

/**
 * Response shapes of the monitors API (docs/reference/monitors.md#a-monitor–docs/reference/monitors.md#notifications), for /openapi.json: the SDK generator
 * and the dashboard are built from these. They describe what lib/monitors/views.ts produces.
 */

const timestamp = z.string().openapi({ format: 'date-time', example: '2026-03-02T09:00:00.000Z' });
const nullableTimestamp = timestamp.nullable();

export const summarySchema = z
  .object({
    total: z.number().int(),
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    blocked: z.number().int(),
    errored: z.number().int(),
  })
  .openapi('CheckSummary');

export const pageSchema = z
  .object({
    url: z.string(),
    selector: z.string().nullable(),
    status: z.enum(['new', 'changed', 'unchanged', 'blocked', 'error']),
    change_percent: z.number().nullable().openapi({
      description: 'Set on `changed`: (added + removed lines) / (lines before + lines after) × 100.',
    }),
    structural_similarity: z.number().min(0).max(1).nullable().openapi({
      description:
        'Set on `changed`: overlap (Jaccard) of the tag-sequence shingles of the two captures; ~0.8 for a page with a fifth removed, under 0.2 for another site.',
    }),
    added_count: z.number().int().nullable(),
    removed_count: z.number().int().nullable(),
    added_samples: z
      .array(z.string())
      .openapi({ description: 'At most 20 lines of at most 500 characters.' }),
    removed_samples: z.array(z.string()),
    content_hash: z.string().nullable().openapi({ description: 'SHA-256 of the normalised text.' }),
    error_code: z.string().nullable().openapi({
      example: 'FETCH_FAILED',
      description:
        '`FETCH_FAILED`, `FETCH_TIMEOUT`, `SELECTOR_NOT_FOUND`, `ROBOTS_DISALLOWED`, `UPSTREAM_HTTP`, `SSRF_BLOCKED`, …',
    }),
    error: z.string().nullable(),
    blocked_vendor: z.string().nullable().openapi({ example: 'cloudflare' }),
    duration_ms: z.number().int(),
    charged: z.boolean(),
    relevant: z.boolean().nullable().optional().openapi({
      description:
        'With a monitor `goal`, on `changed` pages: whether the change matters for it; null when no model judged it.',
    }),
    relevance_note: z
      .string()
      .optional()
      .openapi({ description: "One sentence: the model's reason, or why it was not judged." }),
    diff_hunks: z
      .array(
        z
          .object({
            after_line: z
              .number()
              .int()
              .openapi({ description: '1-based line of the new capture where the hunk starts.' }),
            lines: z.array(
              z.object({
                kind: z.enum(['context', 'removed', 'added']),
                text: z.string().openapi({ description: 'At most 500 characters.' }),
              }),
            ),
          })
          .openapi('DiffHunk'),
      )
      .optional()
      .openapi({
        description:
          'On `changed`: the first 40 changed lines where they are, each run with up to 3 unchanged lines before and after (runs whose context touches are one hunk).',
      }),
    captured_text: z.string().optional().openapi({
      description:
        'On `new`: the text captured as the baseline (one line per block, as compared), its first 5,000 characters.',
    }),
  })
  .openapi('MonitorPage');

export const deliverySchema = z
  .object({
    id: z.string().openapi({ description: 'Also the `webhook-id` header of every attempt.' }),
    event: z.enum([
      'monitor.page',
      'monitor.check.completed',
      'monitor.target.failing',
      'monitor.target.recovered',
      'monitor.test',
    ]),
    url: z.string(),
    attempts: z.number().int(),
    status: z.enum(['pending', 'retrying', 'delivered', 'failed']),
    http_status: z.number().int().nullable(),
    error: z.string().nullable(),
    delivered_at: nullableTimestamp,
    next_attempt_at: nullableTimestamp,
    payload: z.record(z.string(), z.unknown()).openapi({
      description:
        'The event body as signed and sent, the same on every attempt: `type`, `timestamp` and `data`.',
      example: { type: 'monitor.check.completed', timestamp: '2026-03-02T09:00:04.000Z', data: {} },
    }),
  })
  .openapi('WebhookDelivery');

const healthSchema = z
  .object({
    status: z.enum(['ok', 'failing', 'webhook_failing']).openapi({
      description:
        '`failing`: some target is in a failing streak (at least `alert_after_failures` checks in a row, or one when unset); `webhook_failing`: the newest settled webhook delivery exhausted its retries; otherwise `ok`.',
    }),
    targets: z.array(
      z.object({
        url: z.string(),
        selector: z.string().nullable(),
        consecutive_failures: z
          .number()
          .int()
          .openapi({ description: 'Checks in a row this target was `error` or `blocked`.' }),
        failing_since: nullableTimestamp,
        error_code: z.string().nullable(),
      }),
    ),
  })
  .openapi('MonitorHealth');

const checkFields = {
  id: z.string().openapi({ example: 'chk_01JQ3Z8V5K2M7N9P4R6T' }),
  monitor_id: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(['running', 'completed', 'failed', 'skipped_overlap', 'insufficient_credits']),
  started_at: timestamp,
  finished_at: nullableTimestamp,
  summary: summarySchema,
  credits_reserved: z.number().int(),
  credits_charged: z.number().int(),
  error: z.string().nullable(),
};

export const checkSchema = z.object(checkFields).openapi('Check');
export const checkWithPagesSchema = z
  .object({ ...checkFields, pages: z.array(pageSchema) })
  .openapi('CheckWithPages');
export const checkDetailSchema = z
  .object({
    ...checkFields,
    pages: z.array(pageSchema),
    deliveries: z.array(deliverySchema),
    previous_check_id: z
      .string()
      .nullable()
      .openapi({ description: 'The check before this one on the monitor; null for the oldest kept.' }),
    next_check_id: z
      .string()
      .nullable()
      .openapi({ description: 'The check after this one; null for the newest.' }),
  })
  .openapi('CheckDetail');

const monitorFields = {
  id: z.string().openapi({ example: 'mon_01JQ3Z8V5K2M7N9P4R6T' }),
  name: z.string(),
  targets: z.array(targetSchema),
  schedule_cron: z.string(),
  timezone: z.string(),
  notify_emails: z.array(z.string()),
  notify_email_status: z
    .array(
      z
        .object({
          email: z.string().openapi({ example: 'ops@example.com' }),
          status: z.enum(['pending', 'confirmed', 'unsubscribed']),
        })
        .openapi('NotifyEmailStatus'),
    )
    .openapi({
      description:
        'Each address of `notify_emails` with its state. An address is emailed only once `confirmed` (through the link of the one confirmation email it gets); `unsubscribed` is for good.',
    }),
  webhook_url: z.string().nullable(),
  retention_days: z.number().int(),
  status: z.enum(['active', 'paused']),
  next_run_at: nullableTimestamp.openapi({ description: 'Next slot; null when paused.' }),
  last_check_at: nullableTimestamp,
  estimated_credits_per_month: z.number().int().openapi({
    description: 'Times the schedule fires in the next 30 days × targets × 3, computed on create and update.',
  }),
  created_at: timestamp,
  updated_at: timestamp,
  min_change_percent: z
    .number()
    .openapi({ description: 'Changes below this share of lines are `unchanged`.' }),
  alert_after_failures: z.number().int().nullable().openapi({
    description: 'Failed checks in a row of one target that send `monitor.target.failing`; null: off.',
  }),
  goal: z.string().nullable().openapi({ description: 'Changed pages are judged against it; null: none.' }),
  health: healthSchema,
};

export const monitorSchema = z
  .object({ ...monitorFields, webhook_secret: z.string().nullable() })
  .openapi('Monitor', { description: 'A monitor, with its webhook secret (create, GET one, PATCH).' });

export const monitorListItemSchema = z
  .object({ ...monitorFields, last_check: checkSchema.nullable() })
  .openapi('MonitorListItem', { description: 'A monitor in a list: its newest check, never the secret.' });

export function envelope<T extends z.ZodType>(data: T, name: string) {
  return z.object({ success: z.literal(true), data }).openapi(name);
}

export function listEnvelope<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      success: z.literal(true),
      data: z.array(item),
      next_cursor: z
        .string()
        .nullable()
        .openapi({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
    })
    .openapi(name);
}

export const deletedSchema = envelope(
  z.object({ id: z.string(), deleted: z.literal(true) }),
  'MonitorDeleted',
);

export const monitorErrorSchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().openapi({ example: 'NOT_FOUND' }),
      message: z.string(),
      details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    }),
  })
  .openapi('MonitorError');

export const testDeliverySchema = z
  .object({
    id: z.string().openapi({ description: 'The `webhook-id` the test event was sent with.' }),
    event: z.literal('monitor.test'),
    url: z.string(),
    status: z.enum(['delivered', 'failed']),
    http_status: z.number().int().nullable(),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
    attempted_at: timestamp,
  })
  .openapi('WebhookTestDelivery');
