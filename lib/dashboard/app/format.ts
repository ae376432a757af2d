/** Times are shown in the viewer's locale; a monitor's next run also in the monitor's own zone. */

export function formatTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
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
