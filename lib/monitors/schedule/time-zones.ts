import { ScheduleError } from './schedule-error.js';

/**
 * IANA zone names as ICU knows them (aliases such as `US/Eastern` and `Etc/GMT+5` included). A UTC
 * offset such as `+02:00` is refused although newer ICU accepts it: it is not a zone, and a
 * schedule tied to one would silently ignore the DST its user lives with.
 */
const ZONE_NAME = /^(?:UTC|GMT|[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*)$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    if (!ZONE_NAME.test(timezone)) throw unknownZone(timezone);
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' });
    } catch {
      throw unknownZone(timezone);
    }
    if (formatters.size > 1_000) formatters.clear();
    formatters.set(timezone, formatter);
  }
  return formatter;
}

function unknownZone(timezone: string): ScheduleError {
  return new ScheduleError('timezone', `"${timezone}" is not an IANA time zone (e.g. UTC, Europe/Paris)`);
}

/** Minutes to add to UTC for the zone's wall clock at `at` (New York in winter: -300). */
export function utcOffsetMinutes(timezone: string, at: number): number {
  const part = formatterFor(timezone)
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = part?.match(/^GMT(?:([+-])(\d{2}):(\d{2}))?$/);
  if (!match) throw unknownZone(timezone);
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}
