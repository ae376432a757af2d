import { Validator } from '@cfworker/json-schema';
import { z } from '@hono/zod-openapi';
import type { FieldIssue } from '../errors/api-error.js';
import type { JsonSchema } from '../providers/kinds/llm.js';
import { compileLinearPattern, unsafePatternReason } from '../safe-regex.js';
import { refProblem } from './schema-refs.js';

/**
 * A caller's JSON Schema and the check of an answer against it. @cfworker/json-schema (22 KB
 * minified, no code generation) rather than ajv (120 KB): it runs drafts 4 to 2020-12, and only
 * the tools that take a schema import this file.
 */
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const MAX_SCHEMA_CHARS = 100_000;
const MAX_DEPTH = 32;
/** Keywords whose errors only say "a sub-schema failed"; the failing leaf is reported on its own. */
const AGGREGATE_KEYWORDS = new Set([
  'properties',
  'items',
  'prefixItems',
  'allOf',
  '$ref',
  'patternProperties',
  'additionalItems',
]);

/** Structural problems a validator would silently accept: an unknown type, a malformed keyword. */
export function schemaProblem(schema: unknown, depth = 0): string | null {
  if (typeof schema === 'boolean') return null;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema))
    return 'every schema must be an object or a boolean';
  if (depth > MAX_DEPTH) return `nested deeper than ${MAX_DEPTH} levels`;
  const node = schema as Record<string, unknown>;
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  for (const type of types)
    if (typeof type !== 'string' || !JSON_TYPES.has(type)) return `unknown type ${JSON.stringify(type)}`;
  if (
    node.required !== undefined &&
    !(Array.isArray(node.required) && node.required.every((name) => typeof name === 'string'))
  ) {
    return 'required must be an array of property names';
  }
  if (node.enum !== undefined && !Array.isArray(node.enum)) return 'enum must be an array';
  if (node.pattern !== undefined) {
    if (typeof node.pattern !== 'string') return 'pattern must be a string';
    const unsafe = unsafePatternReason(node.pattern);
    if (unsafe) return unsafe;
  }
  if (node.patternProperties && typeof node.patternProperties === 'object') {
    for (const pattern of Object.keys(node.patternProperties)) {
      const unsafe = unsafePatternReason(pattern);
      if (unsafe) return unsafe;
    }
  }
  const children: unknown[] = [];
  for (const key of ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']) {
    const map = node[key];
    if (map === undefined) continue;
    if (!map || typeof map !== 'object' || Array.isArray(map)) return `${key} must be an object`;
    children.push(...Object.values(map));
  }
  for (const key of [
    'items',
    'additionalItems',
    'additionalProperties',
    'unevaluatedItems',
    'unevaluatedProperties',
    'propertyNames',
    'not',
    'contains',
    'if',
    'then',
    'else',
  ]) {
    const child = node[key];
    if (child === undefined) continue;
    if (Array.isArray(child)) children.push(...child);
    else children.push(child);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
    const list = node[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `${key} must be an array`;
    children.push(...list);
  }
  for (const child of children) {
    const problem = schemaProblem(child, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** The `schema` parameter: a JSON Schema object, checked for shape before anything runs. */
export function jsonSchemaParam(description: string, example: JsonSchema) {
  return z
    .record(z.string(), z.unknown())
    .superRefine((schema, ctx) => {
      if (JSON.stringify(schema).length > MAX_SCHEMA_CHARS) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_SCHEMA_CHARS} characters of JSON` });
        return;
      }
      const problem = schemaProblem(schema) ?? refProblem(schema);
      if (problem) ctx.addIssue({ code: 'custom', message: `is not a valid JSON Schema: ${problem}` });
    })
    .openapi({ description, example });
}

export interface AnswerCheck {
  valid: boolean;
  /** Each failing leaf, its field a dotted path under `root`. */
  errors: FieldIssue[];
}

/**
 * The validator builds its `pattern` and `patternProperties` matchers with `new RegExp(source, 'u')`
 * and only calls `.test` on them. For the one synchronous validation, the global constructor is
 * RE2's linear-time engine, so a caller's pattern never runs on V8's backtracking one; nothing
 * else can run in between, and regex literals (the validator's own formats) are unaffected.
 */
function LinearRegExp(source: string) {
  return compileLinearPattern(source);
}

function withLinearPatterns<T>(run: () => T): T {
  const original = globalThis.RegExp;
  globalThis.RegExp = LinearRegExp as unknown as RegExpConstructor;
  try {
    return run();
  } finally {
    globalThis.RegExp = original;
  }
}

export function checkAnswer(schema: JsonSchema, value: unknown, root = 'extracted'): AnswerCheck {
  const result = withLinearPatterns(() => new Validator(schema as never, '2020-12', false).validate(value));
  const errors = result.errors
    .filter((error) => !AGGREGATE_KEYWORDS.has(error.keyword))
    .map((error) => ({
      field: [root, ...error.instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean)].join('.'),
      message: error.error,
    }));
  return { valid: result.valid, errors };
}

/**
 * The JSON in a model's answer: the whole text, or the body of a ```json fence, or the first
 * object or array in it (models wrap answers in prose despite being told not to).
 */
export function parseJsonAnswer(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const candidates = [text.trim()];
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fence) candidates.push(fence[1].trim());
  const start = text.search(/[[{]/);
  const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  let error = '';
  for (const candidate of candidates) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (failure) {
      // The parser's words about the whole answer are the ones a model can act on.
      error ||= failure instanceof Error ? failure.message : String(failure);
    }
  }
  return { ok: false, error };
}
