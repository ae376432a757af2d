import type { z } from '@hono/zod-openapi';

/**
 * Unknown keys are dropped by validation, as the contract says, but a dropped `onlyMainConent`
 * silently turns into the default the caller did not want. This names each one, with its path,
 * so the success envelope's `warnings` can say what was ignored.
 */
export function ignoredKeyWarnings(schema: z.ZodType, body: unknown): string[] {
  const found: { path: string; known: string[] }[] = [];
  collect(schema, body, '', found);
  return found.map(({ path, known }) => {
    const name = path.slice(path.lastIndexOf('.') + 1);
    const guess = closest(name, known);
    return `Unknown parameter '${path}' was ignored${guess ? ` (did you mean '${guess}'?)` : ''}`;
  });
}

/** How deep into a body the walk goes: request schemas nest a few levels, not hundreds. */
const MAX_DEPTH = 8;
/** Array items looked at: the first ones show a systematic typo; all of a 10,000-item array is waste. */
const MAX_ITEMS = 20;
const MAX_WARNINGS = 20;

type Found = { path: string; known: string[] }[];

function collect(schema: z.ZodType, value: unknown, path: string, found: Found, depth = 0): void {
  if (depth > MAX_DEPTH || found.length >= MAX_WARNINGS) return;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) {
    collect(def.innerType, value, path, found, depth);
  } else if (def.type === 'pipe') {
    // A transform's output says nothing about the keys the input may carry.
    collect(defOf(def.in).type === 'transform' ? def.out : def.in, value, path, found, depth);
  } else if (def.type === 'lazy') {
    collect(def.getter(), value, path, found, depth + 1);
  } else if (def.type === 'array' && Array.isArray(value)) {
    value.slice(0, MAX_ITEMS).forEach((item, index) => {
      collect(def.element, item, `${path}[${index}]`, found, depth + 1);
    });
  } else if (def.type === 'union') {
    collectUnion(def.options, value, path, found, depth);
  } else if (def.type === 'object') {
    collectObject(def, value, path, found, depth);
  }
}

/** Schemas that only wrap another: their keys are the inner schema's. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

function collectObject(def: ZodDef, value: unknown, path: string, found: Found, depth: number): void {
  // A catch-all (passthrough, strict or a record-like object) decides about extra keys itself.
  if (!isPlainObject(value) || def.catchall) return;
  const shape = def.shape as Record<string, z.ZodType>;
  const known = Object.keys(shape);
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    const childSchema = shape[key];
    if (childSchema) collect(childSchema, child, childPath, found, depth + 1);
    else if (found.length < MAX_WARNINGS) found.push({ path: childPath, known });
  }
}

/**
 * A value matching a union is checked against the object member it selects (by its literal
 * discriminator when it has one); when several could apply, a key is unknown only if no member knows it.
 */
function collectUnion(options: z.ZodType[], value: unknown, path: string, found: Found, depth: number): void {
  if (!isPlainObject(value)) {
    for (const option of options) {
      if (defOf(option).type === 'array' && Array.isArray(value)) collect(option, value, path, found, depth);
    }
    return;
  }
  const objects = options.map(objectDefOf).filter((def): def is ZodDef => def !== null);
  const selected = objects.filter((def) => literalsMatch(def, value));
  const candidates = selected.length > 0 ? selected : objects;
  if (candidates.length === 1) {
    collectObject(candidates[0] as ZodDef, value, path, found, depth);
    return;
  }
  if (candidates.some((def) => def.catchall)) return;
  const known = new Set(candidates.flatMap((def) => Object.keys(def.shape)));
  for (const key of Object.keys(value)) {
    if (!known.has(key) && found.length < MAX_WARNINGS) {
      found.push({ path: path ? `${path}.${key}` : key, known: [...known] });
    }
  }
}

function literalsMatch(def: ZodDef, value: Record<string, unknown>): boolean {
  let sawLiteral = false;
  for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
    const childDef = unwrap(child);
    if (childDef.type !== 'literal') continue;
    sawLiteral = true;
    if (!(childDef.values as unknown[]).includes(value[key])) return false;
  }
  return sawLiteral;
}

function objectDefOf(schema: z.ZodType): ZodDef | null {
  const def = unwrap(schema);
  return def.type === 'object' ? def : null;
}

function unwrap(schema: z.ZodType): ZodDef {
  let def = defOf(schema);
  for (let hops = 0; hops < 10; hops += 1) {
    if (def.innerType) def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.in);
    else break;
  }
  return def;
}

// biome-ignore lint/suspicious/noExplicitAny: zod's definitions differ by type; this walk reads a few of their fields
type ZodDef = any;

function defOf(schema: z.ZodType): ZodDef {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The known key nearest to a typo, if it is near enough to be what was meant. */
function closest(name: string, known: string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(name.length / 4)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3 || a.length > 64 || b.length > 64) return Number.POSITIVE_INFINITY;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}
