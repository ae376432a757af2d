/**
 * Everything the tool returns goes through `toPlainJson`: devalue payloads bring Maps, Sets,
 * Dates, BigInts and cycles; the literal reader can build cycles; and a page can nest JSON so
 * deep that `JSON.stringify` throws a RangeError when the envelope is written. The copy is the
 * price of a response that always serialises.
 */

export const MAX_JSON_DEPTH = 1000;
/**
 * Values one decoded source may expand to. devalue payloads and IIFE links share values by
 * reference, and JSON repeats every share in full: `[[1,1],[2,2],…]` doubles per level, so a
 * few hundred bytes of page can describe more values than memory holds.
 */
export const MAX_PLAIN_VALUES = 2_000_000;

export class ExpansionLimitError extends Error {
  override name = 'ExpansionLimitError';
}

export interface PlainJsonResult {
  value: unknown;
  cycles: number;
  truncatedDepth: boolean;
}

/** Throws ExpansionLimitError past MAX_PLAIN_VALUES. */
export function toPlainJson(value: unknown): PlainJsonResult {
  const state = { cycles: 0, truncatedDepth: false, ancestors: new Set<object>(), values: 0 };
  const out = copy(value, 0, state);
  return { value: out === OMIT ? null : out, cycles: state.cycles, truncatedDepth: state.truncatedDepth };
}

export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** UTF-8 size of a value's JSON; 0 for values JSON cannot represent. */
export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value);
  return text === undefined ? 0 : utf8Length(text);
}

const OMIT = Symbol('omit');

interface CopyState {
  cycles: number;
  truncatedDepth: boolean;
  ancestors: Set<object>;
  values: number;
}

function copy(value: unknown, depth: number, state: CopyState): unknown {
  state.values += 1;
  if (state.values > MAX_PLAIN_VALUES) {
    throw new ExpansionLimitError(
      `expands to more than ${MAX_PLAIN_VALUES} values once shared references are repeated`,
    );
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return OMIT;
  }
  if (value === null) return null;
  const object = value as object;
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
  if (object instanceof RegExp) return String(object);
  if (object instanceof URL) return object.href;
  if (object instanceof Number || object instanceof String || object instanceof Boolean) {
    return copy(object.valueOf(), depth, state);
  }
  if (depth >= MAX_JSON_DEPTH) {
    state.truncatedDepth = true;
    return null;
  }
  if (state.ancestors.has(object)) {
    state.cycles += 1;
    return '[Circular]';
  }
  state.ancestors.add(object);
  try {
    if (Array.isArray(object) || object instanceof Set) {
      return Array.from(object as Iterable<unknown>, (item) => {
        const copied = copy(item, depth + 1, state);
        return copied === OMIT ? null : copied;
      });
    }
    if (ArrayBuffer.isView(object)) {
      return Array.from(object as unknown as ArrayLike<number>, (item) => copy(item, depth + 1, state));
    }
    const entries: [unknown, unknown][] =
      object instanceof Map ? [...object.entries()] : Object.entries(object as Record<string, unknown>);
    if (
      object instanceof Map &&
      !entries.every(([key]) => typeof key === 'string' || typeof key === 'number')
    ) {
      return entries.map(([key, item]) => [copy(key, depth + 1, state), copy(item, depth + 1, state)]);
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of entries) {
      const copied = copy(item, depth + 1, state);
      if (copied === OMIT) continue;
      if (key === '__proto__') {
        Object.defineProperty(out, key, {
          value: copied,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        out[String(key)] = copied;
      }
    }
    return out;
  } finally {
    state.ancestors.delete(object);
  }
}
