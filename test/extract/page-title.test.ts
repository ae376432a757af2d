import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';
import { pageTitle } from '../../lib/extract/metadata/title.js';

const url = 'https://www.harbourguides.co.uk/walks/cliff-path';

/** A page with the given head and body; the title every page tool returns for it. */
const titleOf = (head: string, body: string, address = url) =>
  PageDocument.parse(`<html><head>${head}</head><body>${body}</body></html>`, address).metadata.title;

describe('page title without the site name', () => {
  it.each([
    ['a declared site name as suffix', 'Walking the cliff path | Harbour Guides', 'Harbour Guides'],
    ['a declared site name as prefix', 'Harbour Guides — Walking the cliff path', 'Harbour Guides'],
    ['a site name after a spaced colon', 'Walking the cliff path : Harbour Guides', 'Harbour Guides'],
    [
      'a site name with a separator of its own',
      'Walking the cliff path | Harbour Guides - Coast & Moor',
      'Harbour Guides - Coast & Moor',
    ],
    ['a site name repeated', 'Walking the cliff path | Harbour Guides | Harbour Guides', 'Harbour Guides'],
    [
      'a declared name with a word more at the end',
      'Walking the cliff path - Harbour Guides Online',
      'Harbour Guides',
    ],
    ['the domain name as suffix, no site name declared', 'Walking the cliff path - HarbourGuides', null],
    ['the domain name with a word more', 'Walking the cliff path • Harbourguides Blog', null],
  ])('strips %s', (_label, title, siteName) => {
    expect(pageTitle({ declared: [title], headings: [], siteNames: siteName ? [siteName] : [], url })).toBe(
      'Walking the cliff path',
    );
  });

  it('strips a name built on a hyphenated domain or one that opens with "the", accents aside', () => {
    const title = (declared: string, address: string) =>
      pageTitle({ declared: [declared], headings: [], siteNames: [], url: address });
    expect(title('Walking the cliff path | Harbour-Guides Café', 'https://harbour-guides.example/p')).toBe(
      'Walking the cliff path',
    );
    expect(title('Walking the cliff path | Harbour Guidés', 'https://harbourguides.example/p')).toBe(
      'Walking the cliff path',
    );
    expect(title('Walking the cliff path - The Harbour', 'https://theharbour.example/p')).toBe(
      'Walking the cliff path',
    );
  });

  it('takes the page at the far end of a breadcrumb title once the site name is cut', () => {
    const sources = { headings: [], siteNames: ['Harbour Guides'], url };
    expect(
      pageTitle({ ...sources, declared: ['Harbour Guides » Blog Archive » Walking the cliff path'] }),
    ).toBe('Walking the cliff path');
    expect(
      pageTitle({ ...sources, declared: ['Walking the cliff path / Coast walks / Harbour Guides Forums'] }),
    ).toBe('Walking the cliff path');
    // Separators that do not step down a hierarchy, or differ, keep the rest whole.
    expect(
      pageTitle({ ...sources, declared: ['Walking the cliff path | Coast walks | Harbour Guides'] }),
    ).toBe('Walking the cliff path | Coast walks');
    expect(pageTitle({ ...sources, declared: ['Tides / Currents » Walks » Harbour Guides'] })).toBe(
      'Tides / Currents » Walks',
    );
  });

  it('keeps a segment that names a part of the page, not the site', () => {
    expect(
      pageTitle({
        declared: ['Café de la Gare – Carte'],
        headings: [],
        siteNames: [],
        url: 'https://cafe.example/carte',
      }),
    ).toBe('Café de la Gare – Carte');
  });

  it('keeps separators that are part of the title itself', () => {
    const sources = { headings: [], siteNames: ['Harbour Guides'], url };
    expect(pageTitle({ ...sources, declared: ['Cliff path - a walk in three parts'] })).toBe(
      'Cliff path - a walk in three parts',
    );
    expect(pageTitle({ ...sources, declared: ['Tides, maps - and where to park | Harbour Guides'] })).toBe(
      'Tides, maps - and where to park',
    );
    expect(pageTitle({ ...sources, declared: ['Harbour Guides'] })).toBe('Harbour Guides');
  });

  it('prefers og:title to <title> and cleans whichever it takes', () => {
    const head = `<title>Walking the cliff path | Harbour Guides</title>
      <meta property="og:title" content="The cliff path, end to end | Harbour Guides">
      <meta property="og:site_name" content="Harbour Guides">`;
    expect(titleOf(head, '<p>Start at the lighthouse.</p>')).toBe('The cliff path, end to end');
    expect(
      titleOf(head.replace(/<meta property="og:title"[^>]*>/, ''), '<p>Start at the lighthouse.</p>'),
    ).toBe('Walking the cliff path');
  });
});

describe('page title where the sources agree', () => {
  it('takes the <h1> that <title> states with an undeclared site name around it', () => {
    expect(
      titleOf(
        '<title>Tide tables for May - Saltmarsh Almanac</title>',
        '<h1>Tide tables for May</h1><p>High water at six.</p>',
        'https://almanac.example/may',
      ),
    ).toBe('Tide tables for May');
  });

  it('takes the heading a declared title states after a kicker', () => {
    expect(
      titleOf(
        '<title>Harbour news: Ferry resumes winter timetable</title>',
        '<article><h1>Ferry resumes winter timetable</h1></article>',
        'https://news.example/a',
      ),
    ).toBe('Ferry resumes winter timetable');
  });

  it('takes the declared run a heading ends with when the heading opens with a date', () => {
    expect(
      titleOf(
        '<meta property="og:title" content="Council approves the new sea wall - Port Authority News">',
        '<h1><small>2 February 2022</small> Council approves the new sea wall</h1>',
        'https://port.example/a',
      ),
    ).toBe('Council approves the new sea wall');
  });

  it('takes the visible headline that twitter:title confirms over a different og:title', () => {
    expect(
      titleOf(
        `<meta property="og:title" content="The night the lighthouse went dark">
         <meta name="twitter:title" content="Why the lighthouse went dark for a week">`,
        '<h1>Why the lighthouse went dark for a week</h1>',
      ),
    ).toBe('Why the lighthouse went dark for a week');
  });

  it('takes the page headline over a reworded sharing title', () => {
    const head = `<title>Ferry timetable 2024 | Port Authority</title>
      <meta property="og:title" content="Ferry timetable 2024 | Port Authority">
      <meta property="og:site_name" content="Port Authority">`;
    expect(titleOf(head, '<main><h1>Winter ferry timetable 2025</h1><p>Boats leave at six.</p></main>')).toBe(
      'Winter ferry timetable 2025',
    );
    // Outside the article a heading needs three shared words: two are often a brand's name.
    expect(titleOf(head, '<h1>The ferry timetable for 2024</h1><p>Boats leave at six.</p>')).toBe(
      'The ferry timetable for 2024',
    );
    expect(titleOf(head, '<h1>Ferry timetable</h1><p>Boats leave at six.</p>')).toBe('Ferry timetable 2024');
    expect(titleOf(head, '<main><h1>Ferry timetable 2024 (ferries.example) 42</h1><p>x</p></main>')).toBe(
      'Ferry timetable 2024',
    );
    expect(titleOf(head, '<main><h1>Sign up for our newsletter</h1><p>Boats leave.</p></main>')).toBe(
      'Ferry timetable 2024',
    );
  });

  it('keeps a <title> that is the only declared title when the headline rewords it', () => {
    expect(
      titleOf(
        '<title>Ferry timetable: winter sailings</title>',
        '<article><h1>Ferry timetable: boats leave at six</h1><p>x</p></article>',
        'https://port.example/ferry',
      ),
    ).toBe('Ferry timetable: winter sailings');
  });

  it('reads what one declared title adds around another as a name, not the title', () => {
    expect(
      titleOf(
        `<meta property="og:title" content="Tide Log | Mooring in a strong ebb">
         <meta name="twitter:title" content="Mooring in a strong ebb">`,
        '<p>Low water at noon.</p>',
        'https://log.example/ebb',
      ),
    ).toBe('Mooring in a strong ebb');
    // A sharing title that is only the site's name does not make the page's own part a name.
    expect(
      titleOf(
        '<meta property="og:title" content="Tide Log"><title>Tide Log - Tide tables</title>',
        '<h1>Tide tables</h1>',
        'https://log.example/tables',
      ),
    ).toBe('Tide tables');
  });

  it('takes a heading the declared title opens with, however long the rest', () => {
    expect(
      titleOf(
        '<title>Tide tables — Harbour Almanac reference documentation (version 3)</title>',
        '<main><h1>Tide tables</h1><p>High water at six.</p></main>',
        'https://almanac.example/tables',
      ),
    ).toBe('Tide tables');
  });

  it('does not take a heading the title closes with when it is shorter than what comes before', () => {
    expect(
      titleOf(
        '<title>Mooring in a strong ebb :: Tide Log Weekly</title>',
        '<h1>Tide Log Weekly</h1><p>Low water at noon.</p>',
        'https://sailing.example/ebb',
      ),
    ).toBe('Mooring in a strong ebb :: Tide Log Weekly');
  });

  it('does not take a short label the title also carries: a board or section name', () => {
    expect(
      titleOf(
        '<title>What is the best knot for mooring a small dinghy in strong tide? : sailing</title>',
        '<h1>sailing</h1><p>Question body.</p>',
        'https://forum.example/t/1',
      ),
    ).toBe('What is the best knot for mooring a small dinghy in strong tide? : sailing');
  });

  it('treats a logo heading linked to the home page as the site name, and strips it', () => {
    expect(
      titleOf(
        '<title>Rhubarb crumble with ginger | Grandmother’s Kitchen</title>',
        '<header><h1><a href="https://kitchen.example/">Grandmother’s Kitchen</a></h1></header><h2>Rhubarb crumble, our way</h2>',
        'https://kitchen.example/crumble',
      ),
    ).toBe('Rhubarb crumble with ginger');
  });

  it('treats a logo heading linked to another host of the same site as its name', () => {
    const page = (address: string) =>
      titleOf(
        '<title>Anchor dragging overnight | Harbour Guides</title>',
        '<header><h1><a href="https://tidelog.example/">Harbour Guides</a></h1></header><p>Post.</p>',
        address,
      );
    expect(page('https://community.tidelog.example/t/1')).toBe('Anchor dragging overnight');
    // A heading linking to another site's front page is not this site's name.
    expect(page('https://sailing.example/t/1')).toBe('Anchor dragging overnight | Harbour Guides');
  });

  it('reads "&" and "and" as one word when a heading and a declared title agree', () => {
    expect(
      titleOf(
        `<meta property="og:title" content="Tides & currents for beginners">
         <meta property="og:site_name" content="Harbour Guides">`,
        '<main><h1>Tides and currents for beginners</h1><p>x</p></main>',
      ),
    ).toBe('Tides & currents for beginners');
  });

  it('ignores headings in navigation and screen-reader-only labels', () => {
    expect(
      titleOf(
        '<title>Radon map published - Federal Office</title>',
        `<nav><h1>Menu</h1></nav><h1 class="visually-hidden">Navigation and service</h1>
         <main><h1>Radon map published</h1></main>`,
        'https://office.example/radon',
      ),
    ).toBe('Radon map published');
  });

  it('reads the heading a breadcrumb trail ends with, though navigation holds it', () => {
    const head = `<title>Sea wall approved by council | Port News</title>
      <meta property="og:title" content="Council says yes: the sea wall will be built">`;
    const trail = (attributes: string) =>
      `<nav ${attributes}><ol><li><a href="/">Home</a></li><li><h1>Sea wall approved by council</h1></li></ol></nav><p>x</p>`;
    expect(titleOf(head, trail('aria-label="Breadcrumb"'))).toBe('Sea wall approved by council');
    expect(titleOf(head, trail('class="site-menu"'))).toBe('Council says yes: the sea wall will be built');
  });

  it('ignores a heading clipped away for screen readers by inline style, as by class', () => {
    const head = '<meta property="og:title" content="Radon map for every district published">';
    const clipped = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)';
    expect(titleOf(head, `<h1 style="${clipped}">Radon map published</h1><p>x</p>`)).toBe(
      'Radon map for every district published',
    );
    expect(titleOf(head, '<h1 style="clip-path: inset(50%)">Radon map published</h1><p>x</p>')).toBe(
      'Radon map for every district published',
    );
    expect(titleOf(head, '<h1>Radon map published</h1><p>x</p>')).toBe('Radon map published');
  });

  it('reads Dublin Core and space-separated RDFa properties', () => {
    expect(
      titleOf('<title>Title element</title><meta property="x:title dc:title" content="Preferred title">', ''),
    ).toBe('Preferred title');
    expect(
      titleOf(
        '<title>Title element</title><meta property="og:title twitter:title" content="Shared title">',
        '',
      ),
    ).toBe('Shared title');
  });

  it('falls back to the <h1> when nothing is declared', () => {
    expect(titleOf('', '<h1>Only heading</h1><p>x</p>')).toBe('Only heading');
  });
});
