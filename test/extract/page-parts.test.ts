import { describe, expect, it } from 'vitest';
import { CONTENT_SELECTORS, findContentElement, PageDocument } from '../../lib/extract/index.js';
import { corpusManifest, readCorpusFile } from './corpus.js';

describe('localization', () => {
  it('lists hreflang alternates in document order with x-default, absolute', () => {
    const doc = PageDocument.parse(
      `<html lang="de-AT"><head>
        <meta http-equiv="Content-Language" content="de">
        <link rel="alternate" hreflang="en" href="/en/">
        <link rel="alternate" hreflang="x-default" href="https://site.example/">
        <link rel="alternate stylesheet" href="/dark.css">
        <link rel="alternate" hreflang="fr-CA" href="https://site.example/fr-ca/">
        <link rel="alternate" hreflang="en" href="/en/">
      </head><body></body></html>`,
      'https://site.example/de/page',
    );
    expect(doc.alternates).toEqual([
      { lang: 'en', url: 'https://site.example/en/' },
      { lang: 'x-default', url: 'https://site.example/' },
      { lang: 'fr-CA', url: 'https://site.example/fr-ca/' },
    ]);
    expect(doc.htmlLang).toBe('de-AT');
    expect(doc.contentLanguageMeta).toBe('de');
  });

  it('reads the fixture news page alternates', () => {
    const entry = corpusManifest().find((e) => e.file.endsWith('news-council-garages.html'))!;
    const doc = PageDocument.parse(readCorpusFile(entry.file), entry.url);
    expect(doc.alternates.map((a) => a.lang)).toEqual(['en-us', 'es', 'x-default']);
  });
});

describe('images', () => {
  it('lists absolute, deduplicated image URLs of the main content, lazy sources resolved', () => {
    const entry = corpusManifest().find((e) => e.file.endsWith('university-turtle-drones.html'))!;
    const doc = PageDocument.parse(readCorpusFile(entry.file), entry.url);
    expect(doc.images()).toEqual([
      'https://news.eastbrook.example/sites/default/files/styles/large/public/2024-05/turtle-tracks.jpg?itok=ab12',
    ]);
    expect(doc.images({ onlyMainContent: false }).length).toBeGreaterThan(1);
  });

  it('skips data: placeholders and dedupes, and takes the sharpest srcset candidate', () => {
    const doc = PageDocument.parse(
      '<body><img src="a.png"><img src="a.png"><img src="data:image/png;base64,xx"><img srcset="b.png 1x, c.png 2x"></body>',
      'https://e.example/dir/',
    );
    expect(doc.images({ onlyMainContent: false })).toEqual([
      'https://e.example/dir/a.png',
      'https://e.example/dir/c.png',
    ]);
  });
});

describe('extract_content container', () => {
  it('follows article, main, .content, #content, then body', () => {
    expect(CONTENT_SELECTORS).toEqual(['article', 'main', '.content', '#content']);
    const pick = (body: string) => {
      const doc = PageDocument.parse(`<html><body>${body}</body></html>`, 'https://e.example/');
      const found = findContentElement(doc.$);
      return { selector: found.selector, text: doc.elementText(found.element) };
    };
    expect(pick('<main>M</main><article>A</article>')).toEqual({ selector: 'article', text: 'A' });
    expect(pick('<article> </article><main>M</main>')).toEqual({ selector: 'main', text: 'M' });
    expect(pick('<div id="content">I</div><div class="content">C</div>')).toEqual({
      selector: '.content',
      text: 'C',
    });
    expect(pick('<div id="content">I</div>')).toEqual({ selector: '#content', text: 'I' });
    expect(pick('<div>B</div>')).toEqual({ selector: 'body', text: 'B' });
  });

  it('gives the container inner HTML and its links', () => {
    const doc = PageDocument.parse(
      '<body><article><p>Hi <a href="/x">x</a></p></article></body>',
      'https://e.example/',
    );
    const { element } = doc.contentElement();
    expect(doc.innerHtml(element)).toBe('<p>Hi <a href="/x">x</a></p>');
    expect(doc.links({}, element).links.map((l) => l.href)).toEqual(['https://e.example/x']);
  });
});
