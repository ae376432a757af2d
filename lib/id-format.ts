import { z } from '@hono/zod-openapi';

/**
 * The characters after an id's prefix: Crockford base32 as `newId` writes it (lib/ids.ts), with
 * room in the length so a change to how much randomness an id carries does not turn valid ids away.
 * Checked before an id reaches a query: a NUL byte or any other stray character is a 400 (or a 404)
 * at the door, not a storage error from PostgreSQL, which refuses NUL in text.
 */
const ID_BODY = '[0-9A-HJKMNP-TV-Z]{1,64}';

const patterns = new Map<string, RegExp>();

export function idPattern(prefix: string): RegExp {
  let pattern = patterns.get(prefix);
  if (!pattern) {
    pattern = new RegExp(`^${prefix}_${ID_BODY}$`);
    patterns.set(prefix, pattern);
  }
  return pattern;
}

/** True when `value` could be an id this service issued with `prefix`. */
export function isIdOf(prefix: string, value: string): boolean {
  return idPattern(prefix).test(value);
}

/** A request field holding an id with `prefix`: anything else is a 400 naming the field. */
export function idField(prefix: string, what: string) {
  return z.string().regex(idPattern(prefix), `must be ${what} (${prefix}_ followed by letters and digits)`);
}
