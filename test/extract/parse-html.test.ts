import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/page-document.js';
import { readDocument } from '../../lib/fetch/client-rendered.js';
import { parseHtml } from '../../lib/html/parse.js';

describe('one parse per fetched page', () => {
  const page =
    '<html><head><title>T</title></head><body><article><p>Hello reader.</p></article></body></html>';

  it('hands the second reader of the same body the first reader tree, once', () => {
    const first = parseHtml(page);
    expect(parseHtml(page)).toBe(first);
    // Taken: the slot is empty again, so a large page is not kept alive after its call.
    expect(parseHtml(page)).not.toBe(first);
  });

  it('lets the gate and the tool read one parse', () => {
    const facts = readDocument(page);
    const document = PageDocument.parse(page, 'https://example.com/');
    expect(facts.title).toBe('T');
    expect(document.text({ onlyMainContent: false })).toBe('Hello reader.');
  });

  it('parses a different body afresh', () => {
    const first = parseHtml('<p>one</p>');
    const second = parseHtml('<p>two</p>');
    expect(second).not.toBe(first);
    expect(second('p').text()).toBe('two');
  });
});
