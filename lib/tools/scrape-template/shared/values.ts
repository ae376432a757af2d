/**
 * Reading platform JSON and page text defensively: a field a platform leaves out, sends empty or
 * sends in another type becomes null rather than a crash or an empty string.
 */

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asRecord(value: unknown): JsonObject {
  return isRecord(value) ? value : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A trimmed, non-empty string (numbers as their text), else null. */
export function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.replace(/\s+/g, ' ').trim();
  return trimmed === '' ? null : trimmed;
}

/** A non-empty string with its line breaks kept (plain-text bodies), else null. */
export function multiline(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.replace(/\r\n?/g, '\n').trim();
  return trimmed === '' ? null : trimmed;
}

/** A finite number from a number or a plain numeric string ("129.00", "1,234"), else null. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/,/g, '').trim();
  if (!/^-?\d+(?:\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

export function booleanOf(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

const SUFFIXES: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };

/**
 * A displayed count: "12,345", "1.2k", "3.4M subscribers", "1.9m times", "27193". Abbreviated
 * counts are as precise as the page shows them.
 */
export function countOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  const match = /(\d[\d,.]*)\s*([kmb])?\b/i.exec(value.replace(/\u00a0/g, ' '));
  if (!match) return null;
  const suffix = match[2]?.toLowerCase();
  if (suffix) {
    const base = Number(match[1].replace(/,/g, ''));
    return Number.isFinite(base) ? Math.round(base * SUFFIXES[suffix]) : null;
  }
  const digits = match[1].replace(/[,.](?=\d{3}\b)/g, '').replace(/,/g, '');
  const parsed = Number(digits);
  return Number.isFinite(parsed) ? Math.round(parsed) : null;
}

/**
 * A timestamp as ISO 8601 in UTC: ISO strings, "2024-01-15 10:00:00 UTC", epoch milliseconds or
 * seconds (`unit`). A bare date ("2024-01-15") stays a date: the platform published no time.
 */
export function isoTime(value: unknown, unit: 'ms' | 's' = 'ms'): string | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,}$/.test(value.trim()))) {
    const epoch = Number(value);
    if (!Number.isFinite(epoch)) return null;
    const date = new Date(unit === 's' ? epoch * 1000 : epoch);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  const raw = text(value);
  if (raw === null) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw;
  const normalised = raw.replace(
    /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) ?(?:UTC|Z)$/,
    '$1T$2Z',
  );
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The object without the named keys: what a mapping did not use goes to `raw_extra`. */
export function omit(object: JsonObject, keys: Iterable<string>): JsonObject {
  const dropped = new Set(keys);
  return Object.fromEntries(Object.entries(object).filter(([key]) => !dropped.has(key)));
}

/** Non-empty strings joined, or null when none is. */
export function joined(parts: unknown[], separator = ', '): string | null {
  const kept = parts.map(text).filter((part): part is string => part !== null);
  return kept.length > 0 ? [...new Set(kept)].join(separator) : null;
}
