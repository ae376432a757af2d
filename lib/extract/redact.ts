import { z } from '@hono/zod-openapi';
import { ApiError } from '../errors/api-error.js';
import {
  PII_ENTITIES,
  type PiiDetector,
  type PiiEntity,
  piiDetectors,
  REDACTION_TAGS,
} from './redact-patterns.js';

const ENTITY_LIST = PII_ENTITIES.join(', ');
const MODEL_MODE_MESSAGE = "mode 'model' needs an LLM, which this service does not run; use mode 'fast'";

const isPiiEntity = (value: string): value is PiiEntity =>
  (PII_ENTITIES as readonly string[]).includes(value);

/*
 * `mode` and `entities` are plain strings checked in superRefine rather than enums: inside a union an
 * enum failure surfaces as a bare "Invalid input", while a refinement issue keeps its path and says
 * which value is wrong. Unknown keys are stripped as everywhere else in a request body; a misspelt
 * `entities` then means "all classes", which errs towards redacting more, never less.
 */
const redactPiiObject = z
  .object({
    mode: z
      .string()
      .optional()
      .openapi({
        enum: ['fast', 'model'],
        description:
          '`fast` (default): the four regex classes. `model` is refused with 400: it needs an LLM.',
        example: 'fast',
      }),
    entities: z
      .array(z.string().openapi({ enum: [...PII_ENTITIES] }))
      .min(1)
      .optional()
      .openapi({
        description: `Classes to redact, default all: ${ENTITY_LIST}. An unknown class is refused with 400.`,
        example: ['email', 'phone'],
      }),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'model') {
      ctx.addIssue({ code: 'custom', path: ['mode'], message: MODEL_MODE_MESSAGE });
    } else if (value.mode !== undefined && value.mode !== 'fast') {
      ctx.addIssue({ code: 'custom', path: ['mode'], message: `unknown mode '${value.mode}'; use 'fast'` });
    }
    value.entities?.forEach((entity, index) => {
      if (!isPiiEntity(entity)) {
        ctx.addIssue({
          code: 'custom',
          path: ['entities', index],
          message: `unknown entity '${entity}'; known entities: ${ENTITY_LIST}`,
        });
      }
    });
  });

/** docs/reference/README.md#common-parameters `redact_pii`: false, true (= `{mode: 'fast'}`) or `{mode?, entities?}`. */
export const redactPiiSchema = z
  .union([z.boolean(), redactPiiObject], {
    error: 'redact_pii must be true, false or an object {mode, entities}',
  })
  .default(false)
  .openapi({
    description:
      'Redact PII in the result: true = {mode: "fast"} (email, phone, credit_card with Luhn, ssn with range ' +
      'check, replaced by tags such as [REDACTED_EMAIL]). URLs, links, hrefs and canonical_url are never ' +
      'redacted; counters describe the text before redaction. Adds `redaction {entities, count, mode}`.',
    example: { mode: 'fast', entities: ['email', 'phone'] },
  });

export type RedactPiiInput = z.output<typeof redactPiiSchema>;

export interface RedactOptions {
  mode: 'fast';
  entities: readonly PiiEntity[];
}

/** docs/reference/README.md#common-parameters: always present when redaction was requested; classes without a hit are left out of `entities`. */
export interface RedactionBlock {
  entities: Partial<Record<PiiEntity, number>>;
  count: number;
  mode: 'fast';
}

/**
 * The validated request value as options, or null when redaction was not asked for. Throws a 400 for
 * values the schema would refuse, so a caller that skipped the schema cannot turn on a model or an
 * unknown class.
 */
export function resolveRedactOptions(
  input: RedactPiiInput | RedactOptions | undefined,
): RedactOptions | null {
  if (input === undefined || input === false) return null;
  if (input === true) return { mode: 'fast', entities: PII_ENTITIES };
  if (input.mode === 'model') {
    throw new ApiError('VALIDATION_ERROR', MODEL_MODE_MESSAGE, {
      details: [{ field: 'redact_pii.mode', message: MODEL_MODE_MESSAGE }],
    });
  }
  if (input.mode !== undefined && input.mode !== 'fast') {
    const message = `unknown mode '${input.mode}'; use 'fast'`;
    throw new ApiError('VALIDATION_ERROR', message, { details: [{ field: 'redact_pii.mode', message }] });
  }
  const requested = input.entities ?? PII_ENTITIES;
  const unknown = requested.find((entity) => !isPiiEntity(entity));
  if (unknown !== undefined) {
    const message = `unknown entity '${unknown}'; known entities: ${ENTITY_LIST}`;
    throw new ApiError('VALIDATION_ERROR', message, { details: [{ field: 'redact_pii.entities', message }] });
  }
  return { mode: 'fast', entities: PII_ENTITIES.filter((entity) => requested.includes(entity)) };
}

/*
 * A string is left whole when its key names a URL (`url`, `href`, `links`, `src`, `image`,
 * `canonical_url`, `original_href`, and any key ending in one of those words: `source_url`, `og:image`,
 * `responseUrl`, `displayLink`), or when it is itself a `scheme://` URL. Array items inherit the array's
 * key. Objects under such a key are walked normally: a link record's `href` stays, its `text` is redacted.
 */
const URL_KEY_WORDS = new Set([
  'url',
  'urls',
  'uri',
  'href',
  'hrefs',
  'link',
  'links',
  'src',
  'srcset',
  'image',
  'images',
  'permalink',
]);

export function isUrlKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const last = words.at(-1);
  return last !== undefined && URL_KEY_WORDS.has(last);
}

/** `scheme://` URLs with a host. `Email:jo@x.io` also parses as a URL (scheme `email`), so a bare `new URL` test would leak it. */
export function isAbsoluteUrl(value: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(value)) return false;
  try {
    return new URL(value).host !== '';
  } catch {
    return false;
  }
}

/*
 * `scheme://` URLs inside prose (markdown links, plain text) are kept whole too: redacting digits in a
 * path breaks the link. The capture group makes split() alternate prose (even indexes) and URLs (odd).
 * The lookbehind pins the scheme to the start of a word: without it every letter of a long run is a
 * candidate start, and one 200 KB word took 40 s.
 */
const URL_IN_TEXT = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^\s<>"'`()[\]{}]+)/iu;

export interface RedactResult<T> {
  value: T;
  redaction: RedactionBlock;
}

/**
 * Replaces PII in every string of `value` (objects and arrays walked, keys untouched, numbers and
 * booleans untouched) with tags like `[REDACTED_EMAIL]`, and counts the hits per class. Returns a copy;
 * `value` is not modified. Counters such as `content_length`, `word_count` and `character_count`
 * describe the text before redaction (docs/reference/README.md#common-parameters): callers compute them first and pass the finished result
 * here, the last step before the response is sized and stored (docs/reference/sites-batches-documents.md#stored-results). Call it only when redaction was
 * requested: the returned block is what docs/reference/README.md#common-parameters requires even when `count` is 0.
 *
 * The walk is iterative: a deeply nested result (embedded page state can be thousands of levels) must
 * not overflow the stack halfway and leave the rest unredacted.
 */
export function redactPii<T>(value: T, request: RedactPiiInput | RedactOptions): RedactResult<T> {
  const options = resolveRedactOptions(request) ?? { mode: 'fast', entities: [] };
  const detectors = piiDetectors().filter((detector) => options.entities.includes(detector.entity));
  const counts: Partial<Record<PiiEntity, number>> = {};
  const redactString = (text: string): string => redactText(text, detectors, counts);

  const root: { value: unknown } = { value: undefined };
  const stack: {
    source: unknown;
    target: Record<string | number, unknown>;
    slot: string | number;
    key: string | null;
  }[] = [{ source: value, target: root as Record<string, unknown>, slot: 'value', key: null }];
  while (stack.length > 0) {
    const { source, target, slot, key } = stack.pop()!;
    if (typeof source === 'string') {
      target[slot] = (key !== null && isUrlKey(key)) || isAbsoluteUrl(source) ? source : redactString(source);
    } else if (Array.isArray(source)) {
      const copy: unknown[] = new Array(source.length);
      target[slot] = copy;
      source.forEach((item, index) => {
        stack.push({ source: item, target: copy as unknown as Record<number, unknown>, slot: index, key });
      });
    } else if (isPlainObject(source)) {
      // Keys are laid down in their order now; the stack fills them in reverse later.
      const copy: Record<string, unknown> = Object.fromEntries(
        Object.keys(source).map((k) => [k, undefined]),
      );
      target[slot] = copy;
      for (const [childKey, child] of Object.entries(source)) {
        stack.push({ source: child, target: copy, slot: childKey, key: childKey });
      }
    } else {
      target[slot] = source;
    }
  }

  const entities: Partial<Record<PiiEntity, number>> = {};
  for (const entity of PII_ENTITIES) {
    if (counts[entity]) entities[entity] = counts[entity];
  }
  const count = Object.values(entities).reduce((total, n) => total + n, 0);
  return { value: root.value as T, redaction: { entities, count, mode: 'fast' } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function redactText(
  text: string,
  detectors: readonly PiiDetector[],
  counts: Partial<Record<PiiEntity, number>>,
): string {
  if (detectors.length === 0 || text.length === 0) return text;
  return text
    .split(URL_IN_TEXT)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      let redacted = part;
      for (const { entity, pattern, accept } of detectors) {
        redacted = redacted.replace(pattern, (match) => {
          if (accept && !accept(match)) return match;
          counts[entity] = (counts[entity] ?? 0) + 1;
          return REDACTION_TAGS[entity];
        });
      }
      return redacted;
    })
    .join('');
}
