/**
 * `after` and `before` of forum_search (docs/reference/providers.md#forum_search): ISO 8601, epoch seconds, or an offset
 * back from now (`7d`, `12h`, `30min`). Resolved here to epoch seconds, so both archives get the
 * same instant and a bad value is the caller's 400 rather than an archive's error.
 */
const OFFSET =
  /^(\d+)\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hr|hrs|hours?|d|days?|w|wk|weeks?|mo|months?|y|yr|years?)$/i;
const UNIT_SECONDS: [RegExp, number][] = [
  [/^s/i, 1],
  [/^mo/i, 30 * 86_400],
  [/^m/i, 60],
  [/^h/i, 3_600],
  [/^d/i, 86_400],
  [/^w/i, 7 * 86_400],
  [/^y/i, 365 * 86_400],
];
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function parseForumDate(value: string | number, now = Date.now()): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null;
  const text = value.trim();
  if (/^\d{1,11}$/.test(text)) return Number(text);
  if (/^\d{12,13}$/.test(text)) return Math.floor(Number(text) / 1000);
  const offset = OFFSET.exec(text);
  if (offset) {
    const seconds = UNIT_SECONDS.find(([unit]) => unit.test(offset[2]))?.[1] ?? 0;
    return Math.floor(now / 1000) - Number(offset[1]) * seconds;
  }
  const iso = ISO.exec(text);
  if (!iso) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', zone] = iso;
  // A date-only or zone-less value is UTC, as Arctic Shift reads it.
  const normalised = `${year}-${month}-${day}T${hour}:${minute}:${second}${zone ? zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : 'Z'}`;
  const ms = Date.parse(normalised);
  if (Number.isNaN(ms)) return null;
  // Date.parse rolls 2024-02-30 over to March; a calendar date that does not exist is an error.
  const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day)) return null;
  return Math.floor(ms / 1000);
}
