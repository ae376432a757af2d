import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';
import { readDocument } from '../../lib/fetch/client-rendered.js';

const section = (heading: string, hidden: string) =>
  `<section><h2>${heading}</h2><div ${hidden}><p>${`${heading} is explained here at length for the reader who opens it. `.repeat(6)}</p></div></section>`;

/** A mobile encyclopedia article: the lead open, every later section collapsed until found. */
const ARTICLE = `<!DOCTYPE html><html><head><title>Estuary</title></head><body>
  <nav><a href="/">Home</a> <a href="/random">Random</a></nav>
  <main><article><h1>Estuary</h1>
    <p>${'An estuary is where a river meets the sea and fresh water mixes with salt. '.repeat(5)}</p>
    ${section('Formation', 'hidden="until-found"')}
    ${section('Ecology', 'hidden="UNTIL-FOUND"')}
    ${section('Draft notes', 'hidden')}
  </article></main></body></html>`;

describe('hidden="until-found"', () => {
  const page = PageDocument.parse(ARTICLE, 'https://encyclopedia.test/wiki/Estuary');

  it('is read as content in the whole page and in the main content; plain `hidden` is not', () => {
    for (const text of [page.text({ onlyMainContent: false }), page.text({ onlyMainContent: true })]) {
      expect(text).toContain('Formation is explained here');
      expect(text).toContain('Ecology is explained here');
      expect(text).not.toContain('Draft notes is explained');
    }
  });

  it('counts as visible text for the wall check', () => {
    const collapsed = `<!DOCTYPE html><html><head><title>Tides</title></head><body><div hidden="until-found"><p>${'The tide turns twice a day along this coast. '.repeat(10)}</p></div></body></html>`;
    const facts = readDocument(collapsed);
    expect(facts.visibleText).toContain('The tide turns twice a day');
    expect(facts.hiddenChars).toBe(0);
  });
});
