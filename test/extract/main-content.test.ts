import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';

const para = (n: number, words = 40) =>
  `<p>Paragraph ${n} ${'talks about the subject at some length, with commas, and detail'.repeat(Math.ceil(words / 11))}.</p>`;
const article = (count: number) => Array.from({ length: count }, (_, i) => para(i + 1)).join('');
const text = (html: string, url = 'https://news.example/a') => PageDocument.parse(html, url).text();

describe('main content', () => {
  it('drops navigation, cookie banners, share bars, related lists, comments and hidden text', () => {
    const out = text(`<html><head><title>Story title - Site</title></head><body>
      <header><nav><a href="/">Home</a><a href="/world">World</a></nav></header>
      <div id="cookie-banner">We use cookies to improve your experience on this website, accept them please.</div>
      <article><h1>Story title</h1>
        <div class="share-buttons"><a href="https://x.example/share">Share on X</a></div>
        ${article(6)}
        <div style="display:none">Hidden paywall message that nobody sees on the page at all.</div>
        <section class="related-articles"><h2>Related</h2><ul><li><a href="/r1">Other story one</a></li></ul></section>
      </article>
      <div id="comments"><p>I disagree with this article entirely, and here is a long comment about why.</p></div>
      <footer>Copyright 2024 Site. All rights reserved by the company and its partners.</footer>
    </body></html>`);
    expect(out).toMatch(/^Paragraph 1 /);
    expect(out).toContain('Paragraph 6 ');
    for (const furniture of [
      'Home',
      'cookies',
      'Share on X',
      'Hidden paywall',
      'Other story',
      'disagree',
      'Copyright',
    ]) {
      expect(out).not.toContain(furniture);
    }
    expect(out).not.toContain('Story title');
  });

  it('merges a body split across sibling blocks by ad slots, keeping subheadings between them', () => {
    const out = text(`<body><div class="wrap">
      <div class="block">${article(3)}</div>
      <div class="ad-slot">Advertisement</div>
      <h2>A subheading between blocks</h2>
      <div class="block">${para(4)}${para(5)}</div>
      <div class="block">${para(6)}</div>
    </div><aside class="sidebar"><p>Sidebar text that is long enough to be a paragraph of its own here.</p></aside></body>`);
    for (const n of [1, 3, 4, 6]) expect(out).toContain(`Paragraph ${n} `);
    expect(out).toContain('A subheading between blocks');
    expect(out).not.toContain('Advertisement');
    expect(out).not.toContain('Sidebar text');
  });

  it('keeps every section of a long document, not only the densest one', () => {
    const section = (n: number, count: number) =>
      `<div class="sect"><h2>Section ${n}</h2><div class="sectionbody">${article(count)}</div></div>`;
    const out = text(`<body><div id="header"><h1>Manual</h1></div><div id="content">
      ${section(1, 2)}${section(2, 12)}${section(3, 3)}</div><div id="footer">Last updated today</div></body>`);
    for (const n of [1, 2, 3]) expect(out).toContain(`Section ${n}`);
  });

  it('prefers the element holding the JSON-LD articleBody', () => {
    const body = 'The publisher wrote this body text for the structured data block. '.repeat(12);
    const doc = PageDocument.parse(
      `<html><head><script type="application/ld+json">${JSON.stringify({
        '@type': 'NewsArticle',
        articleBody: body,
      })}</script></head><body>
        <div class="story"><p>${body}</p></div>
        <div class="teasers">${article(8)}</div></body></html>`,
      'https://news.example/b',
    );
    expect(doc.mainContent.method).toBe('json-ld');
    expect(doc.text()).toBe(body.trim());
  });

  it('recovers when a furniture-like name wraps the whole article', () => {
    const doc = PageDocument.parse(
      `<body><div class="page has-sidebar"><div class="sharing-enabled">${article(5)}</div></div></body>`,
      'https://news.example/c',
    );
    expect(doc.text()).toContain('Paragraph 5 ');
    expect(doc.mainContent.method).toBe('recovered');
  });

  it('keeps article text from table layouts and <br>-separated text', () => {
    const lines = Array.from(
      { length: 5 },
      (_, i) => `Line ${i} of an old page, written as one long sentence of text`,
    );
    const out = text(
      `<body><table><tr><td width="150"><a href="/">Home</a><br><a href="/a">About</a></td>` +
        `<td>${lines.join('<br><br>')}</td></tr></table></body>`,
    );
    for (let i = 0; i < 5; i++) expect(out).toContain(`Line ${i} of`);
    expect(out).not.toContain('About');
  });
});
