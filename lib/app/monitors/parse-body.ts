import type { z } from '@hono/zod-openapi';
import { validationError } from '../../errors/api-error.js';
import { scheduleIssues } from '../../monitors/api/rules.js';
import { issuesToDetails } from '../validate-input.js';

/**
 * A create or update body, parsed with every problem reported in one 400: when the shape is wrong
 * somewhere, the schedule (cron and time zone, which zod cannot judge) is still checked with what
 * the body gives, so a form learns about every field it has to fix in one answer, not over rounds.
 */
export async function parseMonitorBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  now: Date,
  /** The schedule the body changes: the defaults on create, the monitor's own on update. */
  current: () => Promise<{ schedule_cron: string; timezone: string }>,
): Promise<z.output<S>> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const schedule = await current();
  const details = issuesToDetails(result.error.issues);
  const flagged = new Set(details.map((detail) => detail.field));
  const given = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const cron = typeof given.schedule_cron === 'string' ? given.schedule_cron : schedule.schedule_cron;
  const timezone = typeof given.timezone === 'string' ? given.timezone : schedule.timezone;
  if (!flagged.has('schedule_cron') && !flagged.has('timezone')) {
    details.push(...scheduleIssues(cron, timezone, now).issues);
  }
  details.sort((a, b) => a.field.localeCompare(b.field));
  const summary = details.map((detail) => `${detail.field}: ${detail.message}`).join('; ');
  throw validationError(`Invalid parameters: ${summary}`, details);
}
