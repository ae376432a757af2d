import { describe, expect, it } from 'vitest';
import { htmlToMarkdown, htmlToText } from '../../lib/extract/index.js';

const URL = 'https://example.com/notes/page.html';
const md = (body: string) => htmlToMarkdown(`<html><body>${body}</body></html>`, URL);
const text = (body: string) =>
  htmlToText(`<html><body>${body}</body></html>`, URL, { preserve_formatting: true });

describe('space a browser shows as nothing', () => {
  it('drops no-break spaces at the ends of paragraphs, headings and cells, and keeps them inside', () => {
    expect(md('<h2>Plans&nbsp;</h2><p>&nbsp;Ten&nbsp;kg of flour.&nbsp;</p><p>&nbsp;</p><p>Next.</p>')).toBe(
      '## Plans\n\nTen\u00a0kg of flour.\n\nNext.',
    );
    expect(md('<table><tr><th>A&nbsp;</th><th>B</th></tr><tr><td>1</td><td>&nbsp;2</td></tr></table>')).toBe(
      '| A | B |\n| --- | --- |\n| 1 | 2 |',
    );
  });

  it('writes two line breaks in a row as a blank line, not as a line of spaces', () => {
    expect(md('<p>First line<br>second line<br><br>&nbsp;<br>New verse<br></p>')).toBe(
      'First line  \nsecond line\n\nNew verse',
    );
    expect(md('<blockquote><p>Said one thing.<br><br>Then another.</p></blockquote>')).toBe(
      '> Said one thing.\n>\n> Then another.',
    );
  });

  it('leaves out a paragraph that holds only a zero-width joiner', () => {
    const body = '<p>One.</p><p>&zwj;</p><p>Two 👩&zwj;💻.</p>';
    expect(md(body)).toBe('One.\n\nTwo 👩\u200d💻.');
    expect(text(body)).toBe('One.\n\nTwo 👩\u200d💻.');
  });
});

describe('table columns that show nothing', () => {
  it('leaves out a column empty in every row, and a table with no text at all', () => {
    expect(
      md(
        '<table><tr><th></th><th>Plan</th><th>Price</th><th></th></tr>' +
          '<tr><td><input type="checkbox"></td><td>Basic</td><td>$5</td><td></td></tr>' +
          '<tr><td></td><td>Pro</td><td></td><td><img src="/s.gif" width="1"></td></tr></table>' +
          '<table><tr><td> </td><td></td></tr></table><p>After.</p>',
      ),
    ).toBe('| Plan | Price |\n| --- | --- |\n| Basic | $5 |\n| Pro |  |\n\nAfter.');
  });
});

describe('a dash at the start of a line', () => {
  it('is escaped only where markdown would read a list item or a rule', () => {
    expect(md('<p>-24 °C at night</p><p>-Mark Twain</p><p>--help prints this</p>')).toBe(
      '-24 °C at night\n\n-Mark Twain\n\n--help prints this',
    );
    expect(md('<p>- not a list</p><p>---</p><p>-<b> bold</b></p>')).toBe(
      '\\- not a list\n\n\\---\n\n\\- **bold**',
    );
  });
});
