import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { collectPageTags, collectTitleTags } from '../../lib/extract/metadata/page-tags.js';
import { loadMarkup } from '../../lib/html/markup-parser.js';

// Every kind of element the title reads, also inside an <svg> (the drawing's, never the page's)
// and in the body, where pages put stray <meta>s, JSON-LD and a second <title>.
const PAGE = `<!doctype html><html><head>
<svg><title>Logo</title><meta name="description" content="drawn"><h1>Drawn</h1></svg>
<title>Page title</title><meta property="og:title" content="Shared">
<script type=" Application/LD+JSON ">{"@type":"Article","headline":"Head"}</script>
<script>var x = 1;</script></head>
<body><svg><g><h1>Also drawn</h1></g></svg><h1>First</h1><p>Text</p>
<meta name="description" content="Body meta"><title>Second title</title><div><h1>Second</h1></div>
<script type="application/ld+json">{"@type":"WebSite","name":"Site"}</script></body></html>`;

const names = (tags: { metas: unknown[]; h1s: unknown[]; jsonLdScripts: unknown[]; title: unknown }) => ({
  metas: tags.metas,
  title: tags.title,
  h1s: tags.h1s,
  jsonLdScripts: tags.jsonLdScripts,
});

describe('collectTitleTags', () => {
  it('finds, through the parser index, the elements the full walk finds, in the same order', () => {
    const $ = loadMarkup(PAGE);
    const tags = collectTitleTags($);
    expect(names(tags)).toEqual(names(collectPageTags($)));
    expect(tags.h1s.map((h1) => $(h1).text())).toEqual(['First', 'Second']);
    expect($(tags.title!).text()).toBe('Page title');
    expect(tags.metas).toHaveLength(2);
    expect(tags.jsonLdScripts).toHaveLength(2);
  });

  it('walks a tree the parser did not index', () => {
    const $ = load(PAGE);
    expect(names(collectTitleTags($))).toEqual(names(collectPageTags($)));
    expect(collectTitleTags($).h1s).toHaveLength(2);
  });
});
