import { z } from '@hono/zod-openapi';

/**
 * The range of GET /api/v1/usage: whole UTC days, both ends included. `to` defaults to today,
 * `from` to 29 days before `to` (30 days in all); at most 90 days, so one answer stays a few
 * hundred rows however old the account.
 */

export const MAX_RANGE_DAYS = 90;
export const DEFAULT_RANGE_DAYS = 30;
const DAY_MS = 86_400_000;

const isoDay = z.iso.date();

const isoDate = (name: 'from' | 'to', example: string, description: string) =>
  z.iso
    .date({ error: 'must be an ISO date (YYYY-MM-DD)' })
    .optional()
    .openapi({ param: { name, in: 'query' }, example, description });

export const usageQuerySchema = z
  .object({
    from: isoDate(
      'from',
      '2026-03-01',
      `First UTC day, included. Defaults to ${DEFAULT_RANGE_DAYS - 1} days before \`to\`.`,
    ),
    to: isoDate('to', '2026-03-30', 'Last UTC day, included. Defaults to today (UTC).'),
  })
  .superRefine((query, ctx) => {
    // zod runs this refinement even when a field failed: only two real dates make a range.
    if (![query.from, query.to].every((value) => value === undefined || isoDay.safeParse(value).success))
      return;
    const { from, to } = resolveRange(query, new Date());
    if (from > to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `must be on or after from (${from})` });
      return;
    }
    const days = daysBetween(from, to) + 1;
    if (days > MAX_RANGE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: `the range covers ${days} days; at most ${MAX_RANGE_DAYS}`,
      });
    }
  });

export interface UsageRange {
  /** YYYY-MM-DD, UTC. */
  from: string;
  to: string;
}

export function resolveRange(query: { from?: string; to?: string }, now: Date): UsageRange {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? dayOf(new Date(Date.parse(to) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  return { from, to };
}

/** Every day of the range in order, so a day without calls is a zero rather than a gap. */
export function daysOf(range: UsageRange): string[] {
  const count = daysBetween(range.from, range.to) + 1;
  return Array.from({ length: count }, (_, i) => dayOf(new Date(Date.parse(range.from) + i * DAY_MS)));
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}
