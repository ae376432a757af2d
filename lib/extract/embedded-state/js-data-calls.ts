import { LiteralError } from './js-scan.js';

/**
 * The calls and constructors pages wrap their state in, reduced to the data they carry. None
 * of them is run: each is a table entry that maps literal arguments to a value. A name not in
 * this table is code, and reading stops there.
 */

const MAX_ARRAY_LENGTH = 100_000;

const DATA_CALLS = new Set([
  'JSON.parse',
  'Object.freeze',
  'Object.seal',
  'deepFreeze',
  'decodeURIComponent',
  'decodeURI',
  'atob',
  'Array',
  'Object.create',
  'Object.assign',
]);

export function isDataCall(name: string): boolean {
  return DATA_CALLS.has(name);
}

export function applyDataCall(name: string, args: unknown[]): unknown {
  const [first] = args;
  switch (name) {
    case 'JSON.parse':
      // Strict, as in the browser: the page's own code could not have read anything else.
      try {
        return JSON.parse(stringArgument(name, first));
      } catch (error) {
        if (error instanceof LiteralError) throw error;
        throw new LiteralError(`JSON.parse argument is not JSON (${(error as Error).message})`);
      }
    case 'Object.freeze':
    case 'Object.seal':
    case 'deepFreeze':
      return first;
    case 'decodeURIComponent':
    case 'decodeURI':
      try {
        return decodeURIComponent(stringArgument(name, first));
      } catch (error) {
        if (error instanceof LiteralError) throw error;
        throw new LiteralError(`${name} argument is malformed`);
      }
    case 'atob':
      return Buffer.from(stringArgument(name, first), 'base64').toString('latin1');
    case 'Array':
      // devalue writes a sparse array as Array(n) and fills it by assignment.
      if (
        args.length !== 1 ||
        !Number.isInteger(first) ||
        (first as number) < 0 ||
        (first as number) > MAX_ARRAY_LENGTH
      ) {
        throw new LiteralError('Array(n) needs one small whole n');
      }
      return Array.from({ length: first as number }, () => null);
    case 'Object.create':
      return {};
    case 'Object.assign': {
      const target = isRecord(first) ? first : {};
      for (const source of args.slice(1)) {
        if (!isRecord(source)) continue;
        for (const [key, value] of Object.entries(source)) defineOwn(target, key, value);
      }
      return target;
    }
    default:
      throw new LiteralError(`call to ${name}() is not read`);
  }
}

/** `new Date(…)`, `new Map([...])`, `new Set([...])`, `new URL("…")`: the JSON form of what they hold. */
export function constructData(name: string | null, args: unknown[]): unknown {
  const [first] = args;
  switch (name) {
    case 'Date': {
      const date = typeof first === 'string' || typeof first === 'number' ? new Date(first) : null;
      return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
    }
    case 'Map':
      return entriesToObject(Array.isArray(first) ? first : []);
    case 'Set':
      return Array.isArray(first) ? [...new Set(first)] : [];
    case 'URL':
    case 'String':
      return typeof first === 'string' ? first : null;
    default:
      throw new LiteralError(`new ${name} is not read`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own data property even for `__proto__`, the way JSON.parse creates it. */
export function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

function stringArgument(name: string, value: unknown): string {
  if (typeof value !== 'string') throw new LiteralError(`${name} of a non-string`);
  return value;
}

function entriesToObject(entries: unknown[]): unknown {
  const pairs = entries.filter((entry): entry is unknown[] => Array.isArray(entry) && entry.length === 2);
  if (!pairs.every(([key]) => typeof key === 'string' || typeof key === 'number')) return pairs;
  const out: Record<string, unknown> = {};
  for (const [key, value] of pairs) defineOwn(out, String(key), value);
  return out;
}
