/**
 * Every time is shown in the viewer's own zone, labelled with that zone, as a relative time ("in 3
 * min", "5 min ago") with the exact time beside it on hover or focus. A monitor's own zone appears
 * only where its schedule is explained, so two times on one screen are never in different zones.
 */

// dateStyle cannot be combined with timeZoneName (a TypeError): the parts are named one by one.
const EXACT = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The exact time with its zone, e.g. "27 Nov 2026, 16:00 GMT-8". */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return EXACT.format(new Date(iso));
}

/** The same instant as it reads in a monitor's own zone, for explaining its schedule. */
export function formatTimeIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "in 3 minutes", "5 minutes ago", "now": the largest unit that fits, rounded. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return 'now';
  const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return relative.format(Math.round(seconds / size), unit);
    }
  }
  return relative.format(seconds, 'second');
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat().format(value);
}

export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)} %`;
}

export function formatRatio(value: number | null): string {
  return value === null ? '—' : value.toFixed(2);
}
