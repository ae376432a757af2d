/**
 * The path grammar of `extract_embedded_state`: dotted keys and array indexes only
 * (`next_data.props.pageProps.items.0.title`, or `items[0].title`). No wildcards, filters,
 * slices or quoted keys: a path names exactly one value, so a miss can say what was there.
 */

export interface PathSegment {
  key: string;
  /** Written as `[n]`: only meaningful on an array (or an object with that numeric key). */
  bracketed: boolean;
}

export type ParsedPath = { ok: true; segments: PathSegment[] } | { ok: false; message: string };

export type ResolvedPath = { found: true; value: unknown } | { found: false; message: string };

const MAX_LISTED_KEYS = 50;

export function parsePath(path: string): ParsedPath {
  if (path.trim() === '') return { ok: false, message: 'path is empty' };
  if (path.includes('*')) return { ok: false, message: 'wildcards are not supported; name each key' };
  const segments: PathSegment[] = [];
  let i = 0;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '[') {
      const close = path.indexOf(']', i);
      if (close === -1) return { ok: false, message: `unclosed "[" at position ${i}` };
      const inner = path.slice(i + 1, close).trim();
      if (!/^\d+$/.test(inner)) return { ok: false, message: bracketProblem(inner) };
      segments.push({ key: String(Number(inner)), bracketed: true });
      i = close + 1;
    } else if (ch === '.' || ch === ']') {
      return { ok: false, message: `empty key at position ${i}; keys are separated by single dots` };
    } else {
      let end = i;
      while (end < path.length && path[end] !== '.' && path[end] !== '[' && path[end] !== ']') end += 1;
      segments.push({ key: path.slice(i, end), bracketed: false });
      i = end;
    }
    if (path[i] === '.') {
      i += 1;
      if (i === path.length || path[i] === '.' || path[i] === '[') {
        return { ok: false, message: `empty key at position ${i}; keys are separated by single dots` };
      }
    } else if (i < path.length && path[i] !== '[') {
      return { ok: false, message: `unexpected "${path[i]}" at position ${i}` };
    }
  }
  return { ok: true, segments };
}

function bracketProblem(inner: string): string {
  if (inner.startsWith('?') || inner.includes('@')) return 'filters are not supported; use array indexes';
  if (inner.includes(':')) return 'slices are not supported; use one array index';
  if (/^["']/.test(inner)) return 'quoted keys are not supported; use dotted keys';
  return `"[${inner}]" is not an array index; brackets take whole numbers only`;
}

export function formatPath(keys: readonly string[]): string {
  return keys.join('.');
}

export function resolvePath(root: unknown, path: string): ResolvedPath {
  const parsed = parsePath(path);
  if (!parsed.ok) return { found: false, message: `Invalid path "${path}": ${parsed.message}` };
  let current = root;
  const resolved: string[] = [];
  for (const segment of parsed.segments) {
    const next = step(current, segment);
    if (next === MISSING) {
      const where = resolved.length === 0 ? 'the top level' : `"${formatPath(resolved)}"`;
      return {
        found: false,
        message: `Path "${path}" not found: no "${segment.key}" at ${where}; ${describeAvailable(current)}`,
      };
    }
    current = next;
    resolved.push(segment.key);
  }
  return { found: true, value: current };
}

const MISSING = Symbol('missing');

function step(container: unknown, segment: PathSegment): unknown {
  if (Array.isArray(container)) {
    if (!/^\d+$/.test(segment.key)) return MISSING;
    const index = Number(segment.key);
    return index < container.length ? container[index] : MISSING;
  }
  if (typeof container === 'object' && container !== null && Object.hasOwn(container, segment.key)) {
    return (container as Record<string, unknown>)[segment.key];
  }
  return MISSING;
}

/** What the caller could have asked for at the deepest level reached. */
export function describeAvailable(value: unknown): string {
  if (Array.isArray(value)) {
    return value.length === 0
      ? 'available keys: none (empty array)'
      : `available keys: 0 to ${value.length - 1} (array of ${value.length})`;
  }
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    if (keys.length === 0) return 'available keys: none (empty object)';
    const listed = keys.slice(0, MAX_LISTED_KEYS).join(', ');
    const more = keys.length > MAX_LISTED_KEYS ? ` (and ${keys.length - MAX_LISTED_KEYS} more)` : '';
    return `available keys: ${listed}${more}`;
  }
  return `available keys: none (the value there is ${value === null ? 'null' : `a ${typeof value}`})`;
}
