import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';
import { mainText } from './main-text.js';

const sentence = 'talks about the subject at some length, with commas, and detail';
const para = (n: number, words = 40) => `<p>Paragraph ${n} ${sentence.repeat(Math.ceil(words / 11))}.</p>`;
const paras = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => para(from + i)).join('');
const text = (html: string, url = 'https://news.example/story') =>
  PageDocument.parse(html, url).text({ onlyMainContent: true, clean: true, preserve_formatting: true });
const page = (article: string, title = 'A story about bridges') =>
  `<html><head><title>${title}</title></head><body><div class="wrap"><div class="col">${article}</div></div></body></html>`;

describe('main content: sections led by boilerplate headings', () => {
  it('cuts out a box a heading leads, in any of several languages, and keeps the article after it', () => {
    for (const heading of [
      'Mehr zum Thema',
      'Lesen Sie auch die folgenden Beiträge:',
      'Lire aussi',
      'Te puede interesar',
      'También le puede interesar',
      'Related stories',
      'Leggi anche',
    ]) {
      const out = text(
        page(`${paras(1, 3)}<div class="box"><h3>${heading}</h3><ul>
          <li><a href="/a">Another story with a long enough headline</a></li>
          <li><a href="/b">And one more story that is not this one</a></li></ul></div>${paras(4, 6)}`),
      );
      expect(out, heading).toContain('Paragraph 6 ');
      expect(out, heading).not.toContain(heading);
      expect(out, heading).not.toContain('Another story');
    }
  });

  it('ends the article at a comments heading standing among its blocks', () => {
    const out = text(
      page(`${paras(1, 4)}<h2>3 Kommentare</h2>
        <p>Leser eins schreibt einen langen Kommentar, der mit dem Artikel wenig zu tun hat, aber lang ist.</p>
        <p>Leserin zwei antwortet ausführlich und mit vielen Worten auf den ersten Kommentar hier unten.</p>`),
    );
    expect(out).toContain('Paragraph 4 ');
    expect(out).not.toContain('Kommentare');
    expect(out).not.toContain('Leserin zwei');
  });

  it('leaves a "read also" insert when the article resumes after it', () => {
    const out = text(
      page(
        `${paras(1, 3)}<h4>Read also</h4><p><a href="/x">A different story entirely</a></p>${paras(4, 5)}`,
      ),
    );
    expect(out).not.toContain('A different story');
    expect(out).toContain('Paragraph 5 ');
  });

  it('keeps content headings that only look alike, and a boilerplate heading at the very start', () => {
    const out = text(
      page(`<h2>Discussion</h2>${paras(1, 2)}<h2>Final thoughts on the matter</h2>${paras(3, 4)}`),
    );
    expect(out).toContain('Discussion');
    expect(out).toContain('Final thoughts on the matter');
    expect(out).toContain('Paragraph 4 ');
  });
});

describe('main content: teasers of other pages inside the article container', () => {
  it('drops a wall of teaser cards and a nested teaser article', () => {
    const card = (n: number) =>
      `<div class="col-md-4"><div class="card"><h3>Card title ${n}</h3>
        <p>Summary of another page number ${n}, a sentence or two long.</p><a href="/p${n}">Read more</a></div></div>`;
    const out = text(
      page(`${paras(1, 4)}<article class="teaser"><h3><a href="/t">Teaser headline elsewhere</a></h3>
        <p>Its summary, short.</p></article>${paras(5, 6)}<div class="grid">${card(1)}${card(2)}${card(3)}</div>`),
    );
    expect(out).toContain('Paragraph 6 ');
    expect(out).not.toContain('Card title');
    expect(out).not.toContain('Teaser headline');
  });

  it('keeps a listicle whose items have headings that are not links', () => {
    const item = (n: number) => `<div class="item"><h3>Tool number ${n}</h3>${para(n)}</div>`;
    const out = text(page(`${item(1)}${item(2)}${item(3)}${item(4)}`));
    for (const n of [1, 2, 3, 4]) expect(out).toContain(`Tool number ${n}`);
  });

  it('drops "read also" lines in several languages', () => {
    const lines = [
      'Lea también: <a href="/1">Otra noticia del día de hoy</a>',
      'LE PUEDE INTERESAR: <a href="/4">La ficha de otro caso judicial en Nueva York</a>',
      'Lesen Sie auch: <a href="/2">Eine ganz andere Meldung von gestern</a>',
      '<a href="/3">>> Wegen Corona: Lokal muss schließen <<</a>',
    ];
    const out = text(
      page(`${paras(1, 2)}${lines.map((line) => `<p>${line}</p>`).join(para(3))}${paras(4, 5)}`),
    );
    for (const gone of ['Otra noticia', 'ganz andere Meldung', 'Lokal muss', 'otro caso judicial'])
      expect(out).not.toContain(gone);
    expect(out).toContain('Paragraph 5 ');
  });

  it('drops a table of contents made of in-page links', () => {
    const out = text(
      page(`<ul><li><a href="#a">First part</a></li><li><a href="#b">Second part</a></li>
        <li><a href="#c">Third part</a></li></ul>${paras(1, 4)}`),
    );
    expect(out).not.toContain('Second part');
    expect(out).toContain('Paragraph 1 ');
  });
});

describe('main content: the edges of the article', () => {
  it('trims bylines, dates, reading times and credits before the first paragraph', () => {
    const out = text(
      page(`<p>By Jane Doe</p><p><time>March 3, 2024</time></p><p>5 min read</p>
        <figure><img src="/a.jpg"><figcaption>The bridge at dawn. <span>Photo: Jane Doe</span></figcaption></figure>
        ${paras(1, 4)}`),
    );
    expect(out).toMatch(/^The bridge at dawn\.\n+Paragraph 1 /);
    expect(out).not.toContain('Photo: Jane Doe');
  });

  it('trims permalink, last-updated and download-as-PDF labels, in several languages', () => {
    for (const label of [
      'Permalink',
      'Permalien',
      'Last updated:',
      'Zuletzt aktualisiert am',
      'Download as PDF',
      'Dieses Skript als PDF herunterladen',
    ]) {
      const out = text(page(`<p><a href="/pdf">${label}</a></p>${paras(1, 4)}<p><span>${label}</span></p>`));
      expect(out, label).not.toContain(label);
      expect(out, label).toContain('Paragraph 4 ');
    }
  });

  it('trims follow and subscribe lines and copyright lines after the last paragraph', () => {
    const out = text(
      page(`${paras(1, 4)}<p>Follow us on <a href="/fb">Facebook</a>, <a href="/tw">Twitter</a> and Instagram.</p>
        <p>Copyright 2024 Example Media. All rights reserved.</p>`),
    );
    expect(out).toMatch(/Paragraph 4 [^\n]+$/);
  });

  it('keeps words that only read like labels: a code span, linked labels of a table', () => {
    const out = text(
      page(`<table><tr><th><a href="/glossary#status">Status:</a></th><td>Extension</td></tr>
        <tr><th><a href="/glossary#module">Module:</a></th><td>proxy</td></tr></table>
        <p>Call <code><span>print</span></code> to see it, then <b><span>Share</span></b> nothing.</p>${paras(1, 3)}`),
    );
    expect(out).toContain('Status:');
    expect(out).toContain('Call print to see it');
  });

  it('keeps a short first paragraph that only starts like a byline', () => {
    const first = 'Von Berlin aus fährt der Zug in drei Stunden nach Hamburg, und das jeden Tag.';
    expect(text(page(`<p>${first}</p>${paras(1, 3)}`))).toContain(first);
  });

  it('keeps the standfirst between the headline and the body, not the byline', () => {
    const out = text(
      `<html><body><article><header><h1>Bridge reopens</h1>
        <p class="standfirst">The old covered bridge carries traffic again after a year of repairs by local carpenters.</p>
        <p class="byline">By Jane Doe</p></header>
        <div class="body">${paras(1, 5)}</div></article>
        <aside class="sidebar">${paras(90, 91)}</aside></body></html>`,
    );
    expect(out).toMatch(/^The old covered bridge carries traffic again/);
    expect(out).not.toContain('Jane Doe');
    expect(out).not.toContain('Paragraph 90');
  });
});

describe('main content: wrappers named or tagged like furniture', () => {
  it('keeps a declared article body inside an <aside>, and a body wrapped in a paywall container', () => {
    const aside = text(
      `<html><body><nav><a href="/">Home</a></nav><main><aside class="content-pane">
        <div itemprop="articleBody">${paras(1, 3)}</div></aside></main>
        <footer>${paras(80, 84)}</footer></body></html>`,
    );
    expect(aside).toContain('Paragraph 3 ');
    const paywall = text(page(`<div class="article-container paywall-container">${paras(1, 6)}</div>`));
    expect(paywall).toContain('Paragraph 6 ');
  });

  it('keeps a product description a shop plugin wraps in a <form>, not a comment form', () => {
    const description = 'A warm two-layer blanket with an embroidered name, soft on both sides. '.repeat(10);
    const product = text(
      `<html><body><main><h1>Blanket</h1><form class="product-form"><select><option>Red</option></select>
        <div class="description"><p>${description}</p></div><button>Add to cart</button></form></main></body></html>`,
    );
    expect(product).toContain('A warm two-layer blanket');
    const comment = text(
      page(`${paras(1, 3)}<form><label>Your comment, which will be checked before it appears below</label>
        <textarea></textarea><label>Name</label><input name="n"><button>Send</button></form>`),
    );
    expect(comment).not.toContain('Your comment');
  });
});

describe('utility classes that clip a box do not hide it', () => {
  const sections = [
    'Our first product was a paper planner, printed in a garage and sold at a weekend market to anyone who stopped by the table.',
    'Ten years later the planner is an app, but the idea is the same: one page for the day, one for the week, and nothing else.',
    'We still answer every message ourselves, and every feature starts as a note from someone who uses the planner every morning.',
  ];
  const html = `<html><body>
    <header><a href="/">Planner</a> <a href="/pricing">Pricing</a></header>
    <main><h1>About us</h1>${sections
      .map(
        (text, i) =>
          `<div class="relative overflow-hidden rounded-2xl py-16"><h2>Part ${i + 1}</h2><p>${text}</p><span class="sr-only">Slide ${i + 1} of 3</span></div>`,
      )
      .join('')}</main>
    <footer><p>Planner Inc. All rights reserved.</p></footer>
  </body></html>`;

  it('keeps every section named overflow-hidden, and leaves the screen-reader labels out', () => {
    const text = mainText(html);
    for (const section of sections) expect(text).toContain(section);
    expect(text).not.toContain('Slide 1 of 3');
  });
});
