import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../../lib/extract/index.js';
import { escapeMarkdown, tidyMarkdown } from '../../lib/extract/markdown/to-markdown.js';

const URL = 'https://example.com/blog/post.html';
const md = (body: string, head = '') =>
  htmlToMarkdown(`<html><head>${head}</head><body>${body}</body></html>`, URL);

describe('htmlToMarkdown', () => {
  it('writes ATX headings, emphasis and lists', () => {
    const out = md(
      '<h1>Title</h1><h3>Sub</h3><p>Some <strong>bold</strong> and <em>soft</em>.</p><ul><li>a</li><li>b</li></ul><ol start="3"><li>c</li></ol>',
    );
    expect(out).toContain('# Title');
    expect(out).toContain('### Sub');
    expect(out).toContain('Some **bold** and _soft_.');
    expect(out).toMatch(/^- {1,3}a$/m);
    expect(out).toMatch(/^3\. {1,2}c$/m);
  });

  it('fences code with the language from language-, lang- and highlight- classes', () => {
    expect(md('<pre><code class="language-ts">const a = 1;</code></pre>')).toBe('```ts\nconst a = 1;\n```');
    expect(md('<pre class="lang-python">x = 1</pre>')).toBe('```python\nx = 1\n```');
    expect(
      md('<div class="highlight-sql notranslate"><div class="highlight"><pre>SELECT 1;</pre></div></div>'),
    ).toBe('```sql\nSELECT 1;\n```');
    expect(md('<pre><code class="hljs language-go"><span class="k">func</span> main() {}</code></pre>')).toBe(
      '```go\nfunc main() {}\n```',
    );
  });

  it('fences a bare <pre> and keeps its indentation', () => {
    expect(md('<pre>line one\n    indented</pre>')).toBe('```\nline one\n    indented\n```');
  });

  it('keeps code lines separated by <br>, in <pre> and in a bare <code> block', () => {
    expect(md('<pre>first<br>second<br/>third</pre>')).toBe('```\nfirst\nsecond\nthird\n```');
    expect(md('<p>Run:</p><code>npm install<br>npm test</code>')).toContain(
      '```\nnpm install\nnpm test\n```',
    );
  });

  it('makes a longer fence when the code contains one', () => {
    expect(md('<pre><code>```\ninner\n```</code></pre>')).toBe('````\n```\ninner\n```\n````');
  });

  it('makes the first row of a header-less table its header', () => {
    const out = md('<table><tr><td>Name</td><td>Size</td></tr><tr><td>a.txt</td><td>3</td></tr></table>');
    expect(out).toBe('| Name | Size |\n| --- | --- |\n| a.txt | 3 |');
  });

  it('writes tables with a <thead>, pads short rows, honours colspan and escapes pipes', () => {
    const out = md(
      '<table><thead><tr><th>A</th><th>B</th><th>C</th></tr></thead><tbody>' +
        '<tr><td colspan="2">wide</td><td>x|y</td></tr><tr><td>only</td></tr></tbody></table>',
    );
    expect(out).toBe('| A | B | C |\n| --- | --- | --- |\n| wide |  | x\\|y |\n| only |  |  |');
  });

  it('writes a table caption before the table and flattens cell line breaks', () => {
    const out = md(
      '<table><caption>Prices</caption><tr><th>Item</th><th>Cost</th></tr><tr><td>one<br>two</td><td>3</td></tr></table>',
    );
    expect(out).toBe('Prices\n\n| Item | Cost |\n| --- | --- |\n| one two | 3 |');
  });

  it('renders layout tables as blocks, not markdown tables', () => {
    const out = md(
      '<table><tr><td><h2>Story</h2><p>First paragraph of text.</p><p>Second.</p><p>Third.</p></td><td>x</td></tr></table>',
    );
    expect(out).not.toContain('|');
    expect(out).toContain('## Story');
  });

  it('makes links and images absolute against the page URL', () => {
    const out = md('<p><a href="../about">About</a> <img src="/img/a.png" alt="A"></p>');
    expect(out).toContain('[About](https://example.com/about)');
    expect(out).toContain('![A](https://example.com/img/a.png)');
  });

  it('resolves against <base href> when the page has one', () => {
    const out = md('<p><a href="docs/x">X</a></p>', '<base href="https://cdn.example.org/root/">');
    expect(out).toContain('[X](https://cdn.example.org/root/docs/x)');
  });

  it('uses the real source of lazy images', () => {
    const out = md('<img src="data:image/gif;base64,R0lGOD" data-src="/big.jpg" alt="lazy">');
    expect(out).toBe('![lazy](https://example.com/big.jpg)');
  });

  it('drops empty links and permalink glyphs, keeps javascript: link text without the link', () => {
    const out = md(
      '<h2>Intro<a class="headerlink" href="#intro">¶</a></h2><p><a href="/x"> </a>' +
        '<a href="/y"><i class="icon"></i></a><a href="javascript:void(0)">Open</a> menu</p>',
    );
    expect(out).toBe('## Intro\n\nOpen menu');
  });

  it('keeps mailto links', () => {
    expect(md('<p><a href="mailto:a@b.example">mail us</a></p>')).toBe('[mail us](mailto:a@b.example)');
  });

  it('leaves scripts, styles and comments out', () => {
    expect(md('<p>a</p><script>var x = 1;</script><style>p{}</style><!-- note --><p>b</p>')).toBe('a\n\nb');
  });

  it('collapses runs of blank lines', () => {
    expect(md('<p>a</p><div><div></div></div><p></p><br><p>b</p>')).not.toMatch(/\n{3,}/);
  });

  it('writes strikethrough the GFM way', () => {
    expect(md('<p><del>old</del> new</p>')).toBe('~~old~~ new');
  });
});

describe('escapeMarkdown', () => {
  it('escapes markdown syntax but not underscores inside words', () => {
    expect(escapeMarkdown('snake_case and _emph_ *star* [x]')).toBe(
      'snake_case and \\_emph\\_ \\*star\\* \\[x\\]',
    );
    expect(escapeMarkdown('# not a heading')).toBe('\\# not a heading');
    expect(escapeMarkdown('1. not a list')).toBe('1\\. not a list');
  });

  it('escapes as its three replacements always applied would, on random text', () => {
    const always = (text: string) =>
      text
        .replace(/[\\*`[\]]|_/g, (c, offset: number, whole: string) => {
          if (c !== '_') return `\\${c}`;
          const [before, after] = [whole[offset - 1], whole[offset + 1]];
          return before && after && /[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(after) ? '_' : '\\_';
        })
        .replace(/^(?:-+(?=[ \t]|$)|\+ |=+|#{1,6} |~~~|>)/, '\\$&')
        .replace(/^(\d+)\. /, '$1\\. ');
    const pieces = [
      'a',
      'é',
      '1',
      '12',
      '_',
      '*',
      '`',
      '[',
      ']',
      '\\',
      '-',
      '+',
      '=',
      '#',
      '~',
      '>',
      '.',
      ' ',
    ];
    let seed = 7;
    for (let round = 0; round < 3000; round++) {
      let text = '';
      for (let i = (round % 9) + 1; i > 0; i--) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        text += pieces[seed % pieces.length];
      }
      expect(escapeMarkdown(text), JSON.stringify(text)).toBe(always(text));
    }
  });
});

describe('tidyMarkdown', () => {
  it('keeps blank lines inside fenced code', () => {
    expect(tidyMarkdown('a\n\n\n\nb\n```\nx\n\n\n\ny\n```')).toBe('a\n\nb\n```\nx\n\n\n\ny\n```');
  });
});

describe('tidyMarkdown, read as slices of its input', () => {
  it('empties the first blank line of a run, drops the rest and keeps the lines around them as written', () => {
    expect(tidyMarkdown('a  \n \t\n\n  \nb\n\n\nc')).toBe('a  \n\nb\n\nc');
    expect(tidyMarkdown('\n\n  a\n\u00a0\n\u3000\nb  \n\n')).toBe('a\n\nb');
  });

  it('opens a fence after up to three spaces only, and closes it with a run at least as long of the same mark', () => {
    expect(tidyMarkdown('   ````\nx\n\n\n```\n\n\n````\n\n\nz')).toBe('````\nx\n\n\n```\n\n\n````\n\nz');
    expect(tidyMarkdown('    ```\nx\n\n\ny')).toBe('```\nx\n\ny');
    expect(tidyMarkdown('~~~\n\n\n```\n\n\n~~~\n\n\nz')).toBe('~~~\n\n\n```\n\n\n~~~\n\nz');
  });

  it('returns an empty text for nothing but blank lines', () => {
    expect(tidyMarkdown('')).toBe('');
    expect(tidyMarkdown(' \n\n \n')).toBe('');
  });
});

describe('marks that draw nothing, in markdown', () => {
  it('keeps soft hyphens and zero-width spaces as the page has them', () => {
    expect(md('<p>Pan&shy;demie and zero&#8203;width, 👨&zwj;👩&zwj;👧</p>')).toBe(
      'Pan\u00addemie and zero\u200bwidth, 👨‍👩‍👧',
    );
  });
});
