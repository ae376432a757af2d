import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import {
  isAbsoluteUrl,
  isUrlKey,
  redactPii,
  redactPiiSchema,
  resolveRedactOptions,
} from '../../lib/extract/redact.js';
import { isCardNumber, isPlausibleSsn, luhnValid } from '../../lib/extract/redact-patterns.js';

const body = z.object({ redact_pii: redactPiiSchema });
const issues = (value: unknown) =>
  body
    .safeParse({ redact_pii: value })
    .error?.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
const redactText = (text: string, request: Parameters<typeof redactPii>[1] = true) =>
  redactPii({ text }, request);

describe('redactPiiSchema', () => {
  it('defaults to false and accepts true, false and the object form', () => {
    expect(body.parse({}).redact_pii).toBe(false);
    expect(body.parse({ redact_pii: true }).redact_pii).toBe(true);
    expect(body.parse({ redact_pii: { mode: 'fast', entities: ['email', 'ssn'] } }).redact_pii).toEqual({
      mode: 'fast',
      entities: ['email', 'ssn'],
    });
    expect(body.parse({ redact_pii: {} }).redact_pii).toEqual({});
  });

  it("refuses mode 'model' with a message saying it needs an LLM", () => {
    expect(issues({ mode: 'model' })).toEqual([
      { field: 'redact_pii.mode', message: expect.stringContaining('needs an LLM') },
    ]);
    expect(issues({ mode: 'slow' })).toEqual([
      { field: 'redact_pii.mode', message: expect.stringContaining("'slow'") },
    ]);
  });

  it('refuses an unknown entity and names it', () => {
    expect(issues({ entities: ['email', 'iban'] })).toEqual([
      { field: 'redact_pii.entities.1', message: expect.stringContaining("unknown entity 'iban'") },
    ]);
    expect(issues({ entities: [] })).toHaveLength(1);
  });

  it('refuses other types with one clear message', () => {
    expect(issues('yes')).toEqual([
      { field: 'redact_pii', message: expect.stringContaining('true, false or an object') },
    ]);
    expect(issues(null)).toHaveLength(1);
  });
});

describe('resolveRedactOptions', () => {
  it('maps false to null and true to fast mode with all four classes', () => {
    expect(resolveRedactOptions(false)).toBeNull();
    expect(resolveRedactOptions(undefined)).toBeNull();
    expect(resolveRedactOptions(true)).toEqual({
      mode: 'fast',
      entities: ['email', 'phone', 'credit_card', 'ssn'],
    });
    expect(resolveRedactOptions({})).toEqual({
      mode: 'fast',
      entities: ['email', 'phone', 'credit_card', 'ssn'],
    });
  });

  it('throws 400 for model mode or an unknown entity when the schema was bypassed', () => {
    expect(() => resolveRedactOptions({ mode: 'model' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', status: 400 }),
    );
    expect(() => resolveRedactOptions({ entities: ['passport'] })).toThrow(/unknown entity 'passport'/);
  });
});

describe('checks', () => {
  it('Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
  });

  it('card numbers need a network prefix and Luhn', () => {
    expect(isCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isCardNumber('0000 0000 0000 0000')).toBe(false);
    expect(isCardNumber('4111 1111 1111 1112')).toBe(false);
  });

  it('SSN invalid ranges', () => {
    expect(isPlausibleSsn('123-45-6789')).toBe(true);
    for (const invalid of [
      '000-12-3456',
      '666-12-3456',
      '900-12-3456',
      '999-12-3456',
      '123-00-4567',
      '123-45-0000',
    ]) {
      expect(isPlausibleSsn(invalid), invalid).toBe(false);
    }
  });

  it('URL keys and URL values', () => {
    for (const key of [
      'url',
      'href',
      'links',
      'canonical_url',
      'original_href',
      'src',
      'image',
      'source_url',
      'responseUrl',
      'og:image',
      'displayLink',
    ]) {
      expect(isUrlKey(key), key).toBe(true);
    }
    for (const key of ['text', 'title', 'link_count', 'description', 'email', 'thumbnail']) {
      expect(isUrlKey(key), key).toBe(false);
    }
    expect(isAbsoluteUrl('https://example.com/a?b=1')).toBe(true);
    expect(isAbsoluteUrl('Email:jo@example.com')).toBe(false);
    expect(isAbsoluteUrl('see https://example.com')).toBe(false);
  });
});

describe('redactPii', () => {
  it('tags the four classes and counts them', () => {
    const { value, redaction } = redactText(
      'Mail jane.doe@example.co.uk or call (555) 123-4567. Card 4111 1111 1111 1111, SSN 123-45-6789.',
    );
    expect(value.text).toBe(
      'Mail [REDACTED_EMAIL] or call [REDACTED_PHONE]. Card [REDACTED_CREDIT_CARD], SSN [REDACTED_SSN].',
    );
    expect(redaction).toEqual({
      entities: { email: 1, phone: 1, credit_card: 1, ssn: 1 },
      count: 4,
      mode: 'fast',
    });
  });

  it('redacts Luhn-valid card numbers in every layout and leaves invalid ones', () => {
    expect(redactText('4111111111111111').value.text).toBe('[REDACTED_CREDIT_CARD]');
    expect(redactText('4111-1111-1111-1111').value.text).toBe('[REDACTED_CREDIT_CARD]');
    expect(redactText('Amex 3782 822463 10005').value.text).toBe('Amex [REDACTED_CREDIT_CARD]');
    expect(redactText('5555555555554444 and 6011111111111117').redaction.entities).toEqual({
      credit_card: 2,
    });
    const invalid = redactText('Order 4111 1111 1111 1112 and 1234567812345678');
    expect(invalid.value.text).toBe('Order 4111 1111 1111 1112 and 1234567812345678');
    expect(invalid.redaction).toEqual({ entities: {}, count: 0, mode: 'fast' });
  });

  it('leaves SSNs in invalid ranges alone', () => {
    const { value, redaction } = redactText(
      '000-12-3456 666-12-3456 912-34-5678 123-00-4567 123-45-0000 078-05-1121',
    );
    expect(value.text).toBe('000-12-3456 666-12-3456 912-34-5678 123-00-4567 123-45-0000 [REDACTED_SSN]');
    expect(redaction.entities).toEqual({ ssn: 1 });
  });

  it('redacts international and US phones but not dates, versions, prices or short numbers', () => {
    const phones = redactText(
      '+44 20 7946 0958, +1 (415) 555-2671, +4915112345678, 415.555.2671, 1-800-555-0199',
    );
    expect(phones.value.text).toBe(
      '[REDACTED_PHONE], [REDACTED_PHONE], [REDACTED_PHONE], [REDACTED_PHONE], [REDACTED_PHONE]',
    );
    const harmless =
      'On 2024-01-15 v1.2.3 cost $1,299.99; call 555-1234; ISO 8601; 12/31/2024; +1.5%; 10.0.0.1';
    expect(redactText(harmless).value.text).toBe(harmless);
  });

  it('never redacts URLs: URL keys, URL values, or URLs inside text', () => {
    const input = {
      url: 'https://example.com/contact?email=jane@example.com',
      canonical_url: 'https://example.com/u/555-123-4567',
      href: 'mailto:jane@example.com',
      original_href: 'tel:+1-415-555-2671',
      src: 'https://cdn.example.com/4111111111111111.png',
      image: 'https://cdn.example.com/img.png',
      links: ['mailto:bob@example.com', { href: 'mailto:bob@example.com', text: 'Mail bob@example.com' }],
      see_also: 'https://example.com/people/jane@example.com',
      markdown: 'Write to [us](https://example.com/contact/555-123-4567) or jane@example.com.',
    };
    const { value, redaction } = redactPii(input, true);
    expect(value).toEqual({
      ...input,
      links: ['mailto:bob@example.com', { href: 'mailto:bob@example.com', text: 'Mail [REDACTED_EMAIL]' }],
      markdown: 'Write to [us](https://example.com/contact/555-123-4567) or [REDACTED_EMAIL].',
    });
    expect(redaction).toEqual({ entities: { email: 2 }, count: 2, mode: 'fast' });
  });

  it('redacts only the requested entity classes', () => {
    const { value, redaction } = redactText('jane@example.com (555) 123-4567 123-45-6789', {
      entities: ['phone'],
    });
    expect(value.text).toBe('jane@example.com [REDACTED_PHONE] 123-45-6789');
    expect(redaction).toEqual({ entities: { phone: 1 }, count: 1, mode: 'fast' });
  });

  it('always returns the block, with count 0 and no entities when nothing matched', () => {
    expect(redactText('Nothing personal here.').redaction).toEqual({ entities: {}, count: 0, mode: 'fast' });
  });

  it('walks nested objects and arrays, keeps non-strings and keys, and does not modify the input', () => {
    const input = {
      word_count: 4,
      ok: true,
      nothing: null,
      nested: { deeper: [['a@b.io'], { 'x@y.io': 'x@y.io' }] },
    };
    const copy = structuredClone(input);
    const { value, redaction } = redactPii(input, true);
    expect(value).toEqual({
      word_count: 4,
      ok: true,
      nothing: null,
      nested: { deeper: [['[REDACTED_EMAIL]'], { 'x@y.io': '[REDACTED_EMAIL]' }] },
    });
    expect(redaction.count).toBe(2);
    expect(input).toEqual(copy);
  });

  it('survives very deep nesting without overflowing the stack', () => {
    let deep: unknown = 'jane@example.com';
    for (let depth = 0; depth < 20_000; depth++) deep = [deep];
    expect(redactPii(deep, true).redaction.count).toBe(1);
  });

  it('stays linear on long runs that almost match', () => {
    const started = performance.now();
    for (const text of [
      `a@${'b'.repeat(200_000)}`,
      `${'x'.repeat(200_000)}@`,
      `a@${'b.'.repeat(100_000)}`,
      '4111 '.repeat(50_000),
    ]) {
      redactText(text);
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('redacts emails with non-ASCII letters', () => {
    expect(redactText('Écrivez à josé.müller@exämple.de').value.text).toBe('Écrivez à [REDACTED_EMAIL]');
  });

  it('refuses model mode passed directly', () => {
    expect(() => redactPii({ text: 'x' }, { mode: 'model' })).toThrow(/needs an LLM/);
  });
  it('keeps the order of keys of the result it copies', () => {
    const { value } = redactPii(
      { text: 'a@b.io', output_format: 'text', word_count: 1, metadata: { title: 'x', b: 1 } },
      true,
    );
    expect(Object.keys(value)).toEqual(['text', 'output_format', 'word_count', 'metadata']);
    expect(Object.keys(value.metadata)).toEqual(['title', 'b']);
  });
});
