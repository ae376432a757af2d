import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';
import { pageTitle } from '../../lib/extract/metadata/title.js';

const url = 'https://www.harbourguides.co.uk/walks/cliff-path';

describe('page title without the site name', () => {
  it.each([
    ['a declared site name as suffix', 'Walking the cliff path | Harbour Guides', 'Harbour Guides'],
    ['a declared site name as prefix', 'Harbour Guides — Walking the cliff path', 'Harbour Guides'],
    ['a site name repeated', 'Walking the cliff path | Harbour Guides | Harbour Guides', 'Harbour Guides'],
    ['the domain name as suffix, no site name declared', 'Walking the cliff path - HarbourGuides', null],
    ['the domain name with a word more', 'Walking the cliff path • Harbourguides Blog', null],
  ])('strips %s', (_label, title, siteName) => {
    expect(pageTitle({ title, siteName, url })).toBe('Walking the cliff path');
  });

  it('keeps a segment that names a part of the page, not the site', () => {
    expect(
      pageTitle({ title: 'Café de la Gare – Carte', siteName: null, url: 'https://cafe.example/carte' }),
    ).toBe('Café de la Gare – Carte');
  });

  it('keeps separators that are part of the title itself', () => {
    expect(pageTitle({ title: 'Cliff path - a walk in three parts', siteName: 'Harbour Guides', url })).toBe(
      'Cliff path - a walk in three parts',
    );
    expect(
      pageTitle({
        title: 'Tides, maps - and where to park | Harbour Guides',
        siteName: 'Harbour Guides',
        url,
      }),
    ).toBe('Tides, maps - and where to park');
    expect(pageTitle({ title: 'Harbour Guides', siteName: 'Harbour Guides', url })).toBe('Harbour Guides');
  });

  it('prefers og:title to <title> and cleans whichever it takes', () => {
    const html = `<html><head><title>Walking the cliff path | Harbour Guides</title>
      <meta property="og:title" content="Walking the cliff path, end to end | Harbour Guides">
      <meta property="og:site_name" content="Harbour Guides"></head>
      <body><h1>Walking the cliff path</h1><p>Start at the lighthouse.</p></body></html>`;
    expect(PageDocument.parse(html, url).metadata.title).toBe('Walking the cliff path, end to end');
    const plain = html.replace(/<meta property="og:title"[^>]*>/, '');
    expect(PageDocument.parse(plain, url).metadata.title).toBe('Walking the cliff path');
  });
});
