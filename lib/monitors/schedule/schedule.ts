import { Cron, type CronOptions } from 'croner';
import { ScheduleError } from './schedule-error.js';
import { utcOffsetMinutes } from './time-zones.js';

export { ScheduleError };

/**
 * A monitor's schedule: a five-field cron read in an IANA time zone, with standard cron's rules.
 * Day of month and day of week combine with OR when both are restricted (Vixie cron, POSIX), and
 * DST follows Vixie cron too: a job with a wildcard or step in its minute or hour runs on the new
 * wall clock (times in a gap are skipped, a repeated hour runs twice); any other job is
 * fixed-time (a time in the gap runs right after it, a repeated time runs once).
 */

export const MIN_GAP_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
const ESTIMATE_WINDOW_MS = 30 * DAY_MS;
/** Sparse schedules are checked over this many runs, so every combination of days shows up. */
const GAP_CHECK_RUNS = 2_000;
const GAP_CHECK_HORIZON_MS = 2 * 366 * DAY_MS;
/** DST changes this far ahead are looked at for runs the change brings too close together. */
const DST_LOOKAHEAD_MS = 400 * DAY_MS;
/** Offsets are sampled this often: DST changes are months apart, so none slips between samples. */
const OFFSET_SAMPLE_MS = 12 * 3_600_000;

const baseOptions: CronOptions = {
  mode: '5-part',
  domAndDow: false,
  fixedTimeRule: 'no-wildcard',
  paused: true,
};

export interface ScheduleFacts {
  /** The next slot strictly after `now`, or null when the schedule never fires again. */
  nextRunAt: Date | null;
  /** Slots in (now, now + 30 days]: the estimate's "times the schedule fires in the next 30 days". */
  runsInNext30Days: number;
}

const zoned = new Map<string, Cron>();
const fixed = new Map<string, Cron>();
/** Parsed crons kept between sweeps: a warm sweeper parses each schedule once. */
const CACHE_LIMIT = 50_000;

function cached(cache: Map<string, Cron>, key: string, make: () => Cron): Cron {
  let cron = cache.get(key);
  if (!cron) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cron = make();
    cache.set(key, cron);
  }
  return cron;
}

/** The cron in its zone: exact across DST, but every step asks Intl for the zone (~50 µs). */
function zonedCron(pattern: string, timezone: string): Cron {
  return cached(zoned, `${timezone} ${pattern}`, () => new Cron(pattern, { ...baseOptions, timezone }));
}

/** The cron at a fixed UTC offset: ten times faster, and exact wherever the zone's offset holds. */
function fixedCron(pattern: string, offsetMinutes: number): Cron {
  return cached(
    fixed,
    `${offsetMinutes} ${pattern}`,
    () => new Cron(pattern, { ...baseOptions, utcOffset: offsetMinutes }),
  );
}

/** Parses the cron and the zone; throws ScheduleError naming the field at fault. */
export function parseSchedule(pattern: string, timezone: string): void {
  utcOffsetMinutes(timezone, Date.now());
  try {
    zonedCron(pattern, timezone);
  } catch (error) {
    throw new ScheduleError('schedule_cron', cronMessage(pattern, error));
  }
}

function cronMessage(pattern: string, error: unknown): string {
  const reason = error instanceof Error ? error.message.replace(/^CronPattern:\s*/, '') : String(error);
  return `"${pattern}" is not a five-field cron (minute hour day-of-month month day-of-week): ${reason}`;
}

/** How far ahead the fixed-offset answer is trusted, when no DST change lies near it. */
const STEADY_SPAN_MS = 7 * DAY_MS;
const HOUR_MS = 3_600_000;

/**
 * Next slots strictly after one instant, for many schedules (the sweeper asks for thousands at
 * once). The fixed-offset cron answers first (ten times faster than the zoned one); its answer
 * stands when it lies within a week and no offset change of the zone falls between a day before
 * `after` and a day after the answer (changes are found once per zone, from hourly samples);
 * otherwise the zoned cron decides. Answers are memoised per schedule.
 */
export function nextRunPlanner(after: Date): (pattern: string, timezone: string) => Date | null {
  const from = after.getTime();
  const answers = new Map<string, Date | null>();
  const steady = new Map<string, { offset: number; until: number }>();
  const steadyOf = (timezone: string) => {
    let window = steady.get(timezone);
    if (!window) {
      const offset = utcOffsetMinutes(timezone, from);
      let until = from + STEADY_SPAN_MS + DAY_MS;
      for (let at = from - DAY_MS; at <= from + STEADY_SPAN_MS + DAY_MS; at += HOUR_MS) {
        if (utcOffsetMinutes(timezone, at) !== offset) {
          until = at < from ? from : at - HOUR_MS;
          break;
        }
      }
      window = { offset, until };
      steady.set(timezone, window);
    }
    return window;
  };
  return (pattern, timezone) => {
    const key = `${timezone} ${pattern}`;
    if (answers.has(key)) return answers.get(key) ?? null;
    const window = steadyOf(timezone);
    const candidate = fixedCron(pattern, window.offset).nextRun(after);
    const answer =
      candidate && candidate.getTime() + DAY_MS <= window.until
        ? candidate
        : zonedCron(pattern, timezone).nextRun(after);
    answers.set(key, answer);
    return answer;
  };
}

export function nextRunAfter(pattern: string, timezone: string, after: Date): Date | null {
  return nextRunPlanner(after)(pattern, timezone);
}

/**
 * Every run in (from, until], in order, at most `limit`. Where the zone's offset is the same at
 * both ends of a 12-hour step, runs come from the fixed-offset cron; around a change (a day either
 * side) from the zoned one, which knows what a gap or a repeated hour does to each run.
 */
export function runsBetween(pattern: string, timezone: string, from: Date, until: Date, limit = Infinity) {
  const runs: Date[] = [];
  const end = until.getTime();
  let cursor = from.getTime();
  const collect = (cron: Cron, upTo: number) => {
    let run = cron.nextRun(new Date(cursor));
    while (run && run.getTime() <= upTo && runs.length < limit) {
      runs.push(run);
      run = cron.nextRun(run);
    }
    cursor = upTo;
  };
  while (cursor < end && runs.length < limit) {
    const offset = utcOffsetMinutes(timezone, cursor);
    let probe = cursor;
    while (probe < end) {
      const next = Math.min(probe + OFFSET_SAMPLE_MS, end);
      if (utcOffsetMinutes(timezone, next) !== offset) break;
      probe = next;
    }
    // The change, if any, lies in (probe, probe + 12 h]: the fixed offset stops a day short of it.
    const steadyEnd = probe >= end ? end : probe - DAY_MS;
    if (steadyEnd > cursor) collect(fixedCron(pattern, offset), steadyEnd);
    else collect(zonedCron(pattern, timezone), Math.min(probe + OFFSET_SAMPLE_MS + DAY_MS, end));
  }
  return runs;
}

/** The instants (to 12 hours) where the zone's offset changes in (from, from + span]. */
function offsetChanges(timezone: string, from: number, span: number): number[] {
  const changes: number[] = [];
  let previous = utcOffsetMinutes(timezone, from);
  for (let at = from + OFFSET_SAMPLE_MS; at <= from + span; at += OFFSET_SAMPLE_MS) {
    const offset = utcOffsetMinutes(timezone, at);
    if (offset !== previous) changes.push(at);
    previous = offset;
  }
  return changes;
}

function closestPair(runs: Date[]): [Date, Date] | null {
  for (let i = 1; i < runs.length; i += 1) {
    if (runs[i].getTime() - runs[i - 1].getTime() < MIN_GAP_MS) return [runs[i - 1], runs[i]];
  }
  return null;
}

/**
 * Validates a schedule and computes what the monitor stores: the next slot and the 30-day count.
 * Consecutive runs closer than five minutes are refused wherever they occur: the next 30 days,
 * the next 2,000 runs within two years (every combination of days of a sparse schedule), and the
 * days around each DST change of the next 400 days (a change can bring two runs together).
 */
export function describeSchedule(pattern: string, timezone: string, now: Date): ScheduleFacts {
  parseSchedule(pattern, timezone);
  const from = now.getTime();
  const month = runsBetween(pattern, timezone, now, new Date(from + ESTIMATE_WINDOW_MS));
  const checked: Date[][] = [month];
  if (month.length < GAP_CHECK_RUNS) {
    checked.push(runsBetween(pattern, timezone, now, new Date(from + GAP_CHECK_HORIZON_MS), GAP_CHECK_RUNS));
  }
  for (const change of offsetChanges(timezone, from, DST_LOOKAHEAD_MS)) {
    const window = zonedCron(pattern, timezone);
    const runs: Date[] = [];
    let run = window.nextRun(new Date(change - OFFSET_SAMPLE_MS - DAY_MS));
    while (run && run.getTime() <= change + DAY_MS) {
      runs.push(run);
      run = window.nextRun(run);
    }
    checked.push(runs);
  }
  for (const runs of checked) {
    const pair = closestPair(runs);
    if (pair) {
      throw new ScheduleError(
        'schedule_cron',
        `runs must be at least 5 minutes apart; "${pattern}" runs at ${pair[0].toISOString()} and again at ${pair[1].toISOString()}`,
      );
    }
  }
  const nextRunAt = month[0] ?? nextRunAfter(pattern, timezone, now);
  if (nextRunAt === null) {
    throw new ScheduleError('schedule_cron', `"${pattern}" never fires: no date matches it`);
  }
  return { nextRunAt, runsInNext30Days: month.length };
}
