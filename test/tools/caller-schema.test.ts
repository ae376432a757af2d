import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer } from '../../lib/model-answers/answer-schema.js';
import { refProblem } from '../../lib/model-answers/schema-refs.js';
import { compileLinearPattern, unsafePatternReason } from '../../lib/safe-regex.js';
import { extractStructuredTool } from '../../lib/tools/extract-structured/index.js';
import { type Harness, startHarness } from '../support/harness.js';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ tools: [extractStructuredTool] });
});
afterAll(() => harness?.close());

/**
 * `^(a+)+$` on n a's and a b: a backtracking engine tries about 2^n ways (27 characters took 1.5 s,
 * 10,000 would never end); the linear-time engine reads each character a bounded number of times.
 */
const EXPONENTIAL = '^(a+)+$';
const ATTACK = `${'a'.repeat(10_000)}b`;

async function extract(schema: unknown, html = `<h1>${ATTACK}</h1>`) {
  const account = await harness.account({ credits: 10 });
  const res = await harness.tool(
    'extract_structured',
    { html, schema, selectors: { name: 'h1' } },
    account.key,
  );
  return { res, balance: () => account.balance() };
}

describe('caller patterns run in linear time', () => {
  it('answers a pattern that backtracks exponentially, on 10,000 characters of the caller page', async () => {
    const { res } = await extract({
      type: 'object',
      properties: { name: { type: 'string', pattern: EXPONENTIAL } },
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.data.schema_valid).toBe(false);
    expect(res.body.data.validation_errors.map((e: { field: string }) => e.field)).toContain(
      'extracted.name',
    );
  });

  it('matches patternProperties keys on the same engine', () => {
    const schema = { type: 'object', patternProperties: { '^(a|a)*$': { type: 'number' } } };
    // The long key fails to match (exponential for a backtracking engine); the short one matches.
    const check = checkAnswer(schema, { [`${'a'.repeat(5_000)}b`]: 'text', aaaa: 'text' });
    expect(check.valid).toBe(false);
    expect(check.errors.map((error) => error.field)).toEqual(['extracted.aaaa']);
    // The swap is undone: the process's own RegExp is back.
    expect(/^(a+)+$/).toBeInstanceOf(RegExp);
  });

  it('keeps JavaScript pattern spellings working', () => {
    for (const [pattern, text] of [
      ['^\\d{3}-\\d{4}$', '555-1234'],
      ['^\\u00e9t\\u00e9$', 'été'],
      ['^(?<area>\\d+)$', '42'],
      ['\\p{Lu}', 'Été'],
    ]) {
      expect(compileLinearPattern(pattern).test(text), pattern).toBe(true);
    }
    expect(compileLinearPattern('^a$').test('ab')).toBe(false);
  });

  it.each([
    ['lookahead', '^(?=a)a$'],
    ['backreference', '^(a)\\1$'],
    ['lookbehind', '(?<!x)a'],
  ])(
    'refuses a pattern that needs backtracking (%s) with 400 on schema, uncharged',
    async (_name, pattern) => {
      expect(unsafePatternReason(pattern)).toMatch(/cannot run in linear time/);
      const { res, balance } = await extract({
        type: 'object',
        properties: { name: { type: 'string', pattern } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details[0].field).toBe('schema');
      expect(res.body.error.details[0].message).toMatch(/linear time/);
      expect(await balance()).toBe(10);
    },
  );

  it('refuses a patternProperties key that needs backtracking', async () => {
    const { res } = await extract({
      type: 'object',
      properties: { name: { type: 'string' } },
      patternProperties: { '(\\w)\\1': { type: 'string' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details[0].field).toBe('schema');
  });
});

describe('$ref cycles in a caller schema', () => {
  const cycles: Record<string, unknown> = {
    'a $ref to the root': { type: 'object', properties: { name: { type: 'string' } }, $ref: '#' },
    'two $defs naming each other': {
      type: 'object',
      properties: { name: { $ref: '#/$defs/a' } },
      $defs: { a: { $ref: '#/$defs/b' }, b: { allOf: [{ $ref: '#/$defs/a' }] } },
    },
    'an anchor inside its own anyOf': {
      type: 'object',
      properties: { name: { $anchor: 'loop', anyOf: [{ type: 'string' }, { $ref: '#loop' }] } },
    },
    'a $ref outside the schema': {
      type: 'object',
      properties: { name: { $ref: 'https://example.com/s.json' } },
    },
    'a $ref to nothing': { type: 'object', properties: { name: { $ref: '#/$defs/missing' } } },
  };

  for (const [name, schema] of Object.entries(cycles)) {
    it(`refuses ${name} with 400 on schema, uncharged`, async () => {
      expect(refProblem(schema)).not.toBeNull();
      const { res, balance } = await extract(schema, '<h1>Widget</h1>');
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details[0].field).toBe('schema');
      expect(await balance()).toBe(10);
    });
  }

  it('accepts recursion that descends into the value (a tree of nodes)', async () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        child: { $ref: '#' },
        parts: { type: 'array', items: { $ref: '#/$defs/part' } },
      },
      $defs: { part: { type: 'object', properties: { sub: { $ref: '#/$defs/part' } } } },
    };
    expect(refProblem(schema)).toBeNull();
    const { res } = await extract(schema, '<h1>Widget</h1>');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.extracted.name).toBe('Widget');
  });
});
