import { describe, expect, it } from 'vitest';
import { assertValidSelector, htmlToText, SelectorError } from '../../lib/extract/index.js';

const URL = 'https://example.com/a/page.html';
const page = `<html><head><title>T</title><style>p{}</style></head><body>
  <nav><a href="/">Home</a></nav>
  <h1>Heading</h1>
  <p>First   paragraph
     spans lines with <a href="/docs">a link</a>.</p>
  <div>Block one</div><div>Block two<br>after break</div>
  <ul><li>apple</li><li>pear<ol><li>nested</li></ol></li></ul>
  <pre>  code   keeps
    spacing</pre>
  <table><tr><td>a</td><td>b</td></tr></table>
  <p hidden>hidden text</p>
  <script>var secret = 1;</script>
  <noscript>enable js</noscript>
</body></html>`;

describe('htmlToText', () => {
  it('puts blocks on their own lines, collapses whitespace and drops blank lines by default', () => {
    expect(htmlToText(page, URL)).toBe(
      [
        'Home',
        'Heading',
        'First paragraph spans lines with a link.',
        'Block one',
        'Block two',
        'after break',
        'apple',
        'pear',
        'nested',
        '  code   keeps',
        '    spacing',
        'a b',
      ].join('\n'),
    );
  });

  it('appends (href) after link text with preserve_links, absolute', () => {
    const text = htmlToText(page, URL, { preserve_links: true });
    expect(text).toContain('with a link (https://example.com/docs).');
    expect(text).toContain('Home (https://example.com/)');
  });

  it('keeps paragraph structure and list bullets with preserve_formatting', () => {
    const text = htmlToText(page, URL, { preserve_formatting: true });
    expect(text).toContain('Heading\n\nFirst paragraph spans lines with a link.\n\nBlock one');
    expect(text).toContain('- apple\n- pear\n  1. nested');
    expect(text).toContain('a | b');
  });

  it('keeps the text as written with clean: false', () => {
    const text = htmlToText('<p>one   two</p>\n\n<p>three</p>', URL, { clean: false });
    expect(text).toContain('one   two');
  });

  it('narrows to a CSS selector', () => {
    expect(htmlToText(page, URL, { selector: 'ul > li' })).toBe('apple\npear\nnested');
  });

  it('reports an invalid selector and a selector matching nothing', () => {
    expect(() => htmlToText(page, URL, { selector: 'div[' })).toThrow(SelectorError);
    try {
      htmlToText(page, URL, { selector: '.missing' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SelectorError);
      expect((error as SelectorError).problem).toBe('no_match');
    }
    expect(() => assertValidSelector('a >>> b')).toThrow(SelectorError);
    expect(() => assertValidSelector('article p:first-child')).not.toThrow();
  });

  it('reads an HTML fragment without <html> or <body>', () => {
    expect(htmlToText('<p>just</p><p>a fragment</p>', URL)).toBe('just\na fragment');
  });

  // Real pages indent their markup, so the whitespace between tags is what these cases are about.
  const indentedList = `<p>Fruit</p>
    <ul>
      <li>apple</li>
      <li>pear
        <ol>
          <li>nested</li>
          <li>again</li>
        </ol>
      </li>
      <li>plum</li>
    </ul>
    <p>After</p>`;

  it('keeps the items of an indented list on consecutive lines with preserve_formatting', () => {
    expect(htmlToText(indentedList, URL, { preserve_formatting: true })).toBe(
      ['Fruit', '', '- apple', '- pear', '  1. nested', '  2. again', '- plum', '', 'After'].join('\n'),
    );
    expect(htmlToText(indentedList, URL)).toBe('Fruit\napple\npear\nnested\nagain\nplum\nAfter');
  });

  it('breaks the line once between indented divs with preserve_formatting', () => {
    const html = '<div>one</div>\n  <div>two</div>\n  <div><div>three</div></div>';
    expect(htmlToText(html, URL, { preserve_formatting: true })).toBe('one\ntwo\nthree');
  });

  it('still turns <br><br> into a blank line with preserve_formatting', () => {
    expect(htmlToText('<p>one<br>\n<br>two</p>', URL, { preserve_formatting: true })).toBe('one\n\ntwo');
  });

  const indentedTable = `<p>Prices</p>
    <table>
      <thead>
        <tr>
          <th>Name</th>
          <th>Price</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>Tea</td>
          <td>3</td>
        </tr>
        <tr>
          <td><p>Coffee</p><div>large</div></td>
          <td>4<br>or 5</td>
        </tr>
      </tbody>
    </table>
    <p>After</p>`;

  it('writes an indented table one row per line, cells separated by " | " with preserve_formatting', () => {
    expect(htmlToText(indentedTable, URL, { preserve_formatting: true })).toBe(
      ['Prices', '', 'Name | Price', 'Tea | 3', 'Coffee large | 4 or 5', '', 'After'].join('\n'),
    );
  });

  it('writes an indented table one row per line, cells separated by a space by default', () => {
    expect(htmlToText(indentedTable, URL)).toBe(
      ['Prices', 'Name Price', 'Tea 3', 'Coffee large 4 or 5', 'After'].join('\n'),
    );
  });

  it('keeps a table row on one line with clean: false', () => {
    const text = htmlToText(indentedTable, URL, { clean: false });
    expect(text).toMatch(/^Name Price$/m);
    expect(text).toMatch(/^Tea 3$/m);
  });

  it('leaves no stray separator for empty cells', () => {
    const html = '<table><tr><td></td><td>1.</td><td> </td><td>Title</td><td></td></tr></table>';
    expect(htmlToText(html, URL, { preserve_formatting: true })).toBe('1. | Title');
  });

  it('reads a layout table cell by cell, as blocks', () => {
    const long = 'Long paragraph text. '.repeat(30);
    const html = `<table><tr>
      <td><h1>Site</h1></td>
      <td><p>${long}</p><p>Second paragraph.</p></td>
    </tr></table>`;
    expect(htmlToText(html, URL, { preserve_formatting: true })).toBe(
      `Site\n\n${long.trim()}\n\nSecond paragraph.`,
    );
  });

  it('survives thousands of unclosed tags', () => {
    const deep = `${'<div><span>'.repeat(5000)}deep text`;
    expect(htmlToText(deep, URL)).toContain('deep text');
  });
});

describe('marks that draw nothing', () => {
  it('keeps soft hyphens and zero-width spaces as the page has them (quoted text must match the page)', () => {
    const html = '<p>Pan&shy;demie, zero&#8203;width, a family 👨&zwj;👩&zwj;👧 and می&zwnj;خواهم</p>';
    expect(htmlToText(html, URL)).toBe('Pan\u00addemie, zero\u200bwidth, a family 👨‍👩‍👧 and می‌خواهم');
  });
});
