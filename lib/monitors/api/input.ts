import { z } from '@hono/zod-openapi';
import { cssSelectorParam } from '../../extract/selector-param.js';
import { regexProblem } from '../../safe-regex.js';

/**
 * The request fields of docs/reference/monitors.md#a-monitor, with every bound and default. The same schemas validate
 * requests and describe them in /openapi.json. What zod cannot decide alone (where a URL resolves,
 * what a cron does across months and DST) is checked by the verbs with the same field names.
 */

export const MAX_TARGETS = 20;
export const MAX_NOTIFY_EMAILS = 5;
export const DEFAULT_CRON = '0 * * * *';

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .max(8192)
  .openapi({ description: 'Public http(s) page to watch.', example: 'https://example.com/pricing' });

const selector = cssSelectorParam({ nonEmpty: true }).openapi({
  description:
    'CSS selector of the part to watch; its text is what is compared. Matching nothing on a check is an `error` page (`SELECTOR_NOT_FOUND`).',
  example: '#price',
});

const MAX_IGNORE_PATTERNS = 20;
const MAX_PATTERN_CHARS = 200;

const ignorePattern = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_PATTERN_CHARS, `at most ${MAX_PATTERN_CHARS} characters`)
  .superRefine((pattern, ctx) => {
    const problem = regexProblem(pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const ignorePatterns = z
  .array(ignorePattern)
  .max(MAX_IGNORE_PATTERNS, `at most ${MAX_IGNORE_PATTERNS} patterns`)
  .openapi({
    description: `Up to ${MAX_IGNORE_PATTERNS} regular expressions (at most ${MAX_PATTERN_CHARS} characters, read with the \`u\` flag, run on a linear-time engine: backreferences and lookaround are refused). Lines of the captured text matching any are left out before hashing and diffing.`,
    example: ['^Last updated', 'Ad: '],
  });

const ignoreDates = z.boolean().openapi({
  description:
    'Mask dates, times, relative times ("3 minutes ago", "vor 2 Stunden") and common counters ("1,234 views") before hashing and diffing (en, de, fr, es, it, pt, nl). Default false.',
  example: true,
});

export const targetSchema = z
  .object({
    url: httpUrl,
    selector: selector.optional(),
    ignore_patterns: ignorePatterns.optional(),
    ignore_dates: ignoreDates.optional(),
  })
  .openapi('MonitorTarget', { description: 'One page of a monitor, with its optional noise control.' });

const targets = z
  .array(targetSchema)
  .min(1, 'at least 1 target')
  .max(MAX_TARGETS, `at most ${MAX_TARGETS} targets`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((target, index) => {
      const key = `${target.url}\n${target.selector ?? ''}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [index], message: 'the same url and selector appear twice' });
      }
      seen.add(key);
    });
  })
  .openapi({ description: `1 to ${MAX_TARGETS} targets.` });

const name = z
  .string()
  .min(1, 'name must not be empty')
  .max(80, 'at most 80 characters')
  .openapi({ description: '1 to 80 characters.', example: 'Competitor pricing' });

const scheduleCron = z.string().max(200).openapi({
  description:
    'Five-field cron (minute hour day-of-month month day-of-week) read in `timezone`. Day of month and day of week combine with OR when both are restricted. Runs must be at least 5 minutes apart at all times (`* * * * *`, `*/2 * * * *`, `0,3 * * * *` are refused).',
  example: '0 9 * * 1-5',
});

const timezone = z.string().max(64).openapi({
  description: 'IANA time zone the schedule is read in.',
  example: 'Europe/Paris',
});

const notifyEmails = z
  .array(z.email({ error: 'must be an email address' }).max(254))
  .max(MAX_NOTIFY_EMAILS, `at most ${MAX_NOTIFY_EMAILS} addresses`)
  .openapi({
    description: `Up to ${MAX_NOTIFY_EMAILS} addresses told by email when a check finds a change, or a target starts failing or is blocked.`,
    example: ['ops@example.com'],
  });

const webhookUrl = z
  .url({ protocol: /^https$/, error: 'must be an absolute https URL' })
  .max(8192)
  .openapi({
    description:
      'Public https URL receiving `monitor.page` and `monitor.check.completed` events, signed per Standard Webhooks.',
    example: 'https://hooks.example.com/monitors',
  });

/** Printable ASCII: a receiver passes the same string to its verifier, byte for byte. */
const webhookSecret = z
  .string()
  .min(16, 'at least 16 characters')
  .max(128, 'at most 128 characters')
  .regex(/^[\x20-\x7e]+$/, 'printable ASCII characters only')
  .openapi({
    description:
      'Signs every delivery (16 to 128 characters). A `whsec_` secret is used as Standard Webhooks defines it (base64 key after the prefix); any other string is the HMAC key as is. Generated (`whsec_` + 32 random bytes, base64) when omitted and `webhook_url` is set.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  });

const retentionDays = z
  .number()
  .int()
  .min(1)
  .max(365)
  .openapi({ description: 'Checks older than this many days are pruned (1 to 365).', example: 30 });

const minChangePercent = z.number().min(0).max(100).openapi({
  description:
    'A change whose `change_percent` is below this is reported `unchanged` (and charged as such); the baseline does not roll forward, so small changes add up until they cross it. 0 to 100, default 0.',
  example: 5,
});

const alertAfterFailures = z.number().int().min(1).max(20).openapi({
  description:
    'When a target has been `error` or `blocked` this many checks in a row, one `monitor.target.failing` event (webhook and email) goes out; `monitor.target.recovered` when it next comes back. 1 to 20; null or absent: off.',
  example: 3,
});

const goal = z.string().min(1, 'must not be empty').max(500, 'at most 500 characters').openapi({
  description:
    'What you want to hear about, in plain words. With a model provider configured (those of extract_with_llm), each `changed` page is judged against it: the page gains `relevant` and `relevance_note`, and `monitor.page` events and emails go out only for relevant changes. A judged page costs 4 credits instead of 3 (holds and `estimated_credits_per_month` count 4 per target). Without a model, or when its call fails, `relevant` is null and notifications go out as without a goal.',
  example: 'Tell me when the price drops below $20 or the item goes out of stock.',
});

const status = z.enum(['active', 'paused']).openapi({
  description: '`paused` stops the schedule (next_run_at null); `active` resumes it at the next slot.',
  example: 'active',
});

export const createMonitorSchema = z
  .object({
    name,
    targets,
    schedule_cron: scheduleCron.default(DEFAULT_CRON),
    timezone: timezone.default('UTC'),
    notify_emails: notifyEmails.default([]),
    webhook_url: webhookUrl.nullable().optional(),
    webhook_secret: webhookSecret.optional(),
    retention_days: retentionDays.default(30),
    status: status.default('active'),
    min_change_percent: minChangePercent.default(0),
    alert_after_failures: alertAfterFailures.nullable().optional(),
    goal: goal.nullable().optional(),
  })
  .openapi('CreateMonitorRequest');

export const updateMonitorSchema = z
  .object({
    name: name.optional(),
    targets: targets.optional(),
    schedule_cron: scheduleCron.optional(),
    timezone: timezone.optional(),
    notify_emails: notifyEmails.optional(),
    webhook_url: webhookUrl.nullable().optional(),
    webhook_secret: webhookSecret.optional(),
    retention_days: retentionDays.optional(),
    status: status.optional(),
    min_change_percent: minChangePercent.optional(),
    alert_after_failures: alertAfterFailures.nullable().optional(),
    goal: goal.nullable().optional(),
  })
  .openapi('UpdateMonitorRequest', {
    description: 'Any subset of the create fields. `webhook_url: null` removes the webhook and its secret.',
  });

export type CreateMonitorInput = z.output<typeof createMonitorSchema>;
export type UpdateMonitorInput = z.output<typeof updateMonitorSchema>;

/** `limit` and `cursor` of the list endpoints; the limit's bounds are ours (docs/reference/monitors.md#endpoints). */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .openapi({ description: 'Items per page, 1 to 100 (default 20).', example: 20 }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: "The previous page's `next_cursor`.", example: 'bW9uXzAxSjk' }),
});

export type PageQuery = z.output<typeof pageQuerySchema>;
