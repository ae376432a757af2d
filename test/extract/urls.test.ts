import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';

const PAGE = 'https://example.com/page.html';
const baseOf = (html: string) => new PageDocument(html, PAGE).baseUrl;

describe('<base href> (PageDocument.baseUrl)', () => {
  it('is read from <head> inside <html>', () => {
    expect(baseOf('<html><head><base href="https://x.test/a/"></head><body><p>x</p></body></html>')).toBe(
      'https://x.test/a/',
    );
  });

  it('is read from a <head> with no <html> around it', () => {
    expect(baseOf('<head><base href="https://x.test/a/"></head><body><p>x</p></body>')).toBe(
      'https://x.test/a/',
    );
    expect(baseOf('<head><title>T</title><base href="/b/"></head><p>no body either</p>')).toBe(
      'https://example.com/b/',
    );
  });

  it('is read when no <head> was written, before the content', () => {
    expect(baseOf('<html><meta charset="utf-8"><base href="https://x.test/c/"><p>x</p></html>')).toBe(
      'https://x.test/c/',
    );
    expect(baseOf('<!doctype html><base href="https://x.test/d/"><p>x</p>')).toBe('https://x.test/d/');
  });

  it('takes the first <base> with an href, in document order', () => {
    const html =
      '<head><base target="_blank"><base href="https://x.test/first/"><base href="https://x.test/second/"></head>';
    expect(baseOf(`${html}<body>x</body>`)).toBe('https://x.test/first/');
  });

  it('ignores a <base> that follows the content', () => {
    expect(baseOf('<html><head></head><body><p>x</p><base href="https://evil.test/"></body></html>')).toBe(
      PAGE,
    );
    expect(baseOf('<head></head><body><p>x</p><base href="https://evil.test/"></body>')).toBe(PAGE);
    expect(baseOf('<p>x</p><base href="https://evil.test/">')).toBe(PAGE);
    expect(
      baseOf('<head><base href="https://x.test/a/"></head><body><base href="https://evil.test/"></body>'),
    ).toBe('https://x.test/a/');
  });

  it('falls back to the page URL when the href does not parse', () => {
    expect(baseOf('<head><base href="http://[bad"></head><body>x</body>')).toBe(PAGE);
  });
});
