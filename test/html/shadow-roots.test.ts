import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/index.js';
import { elementsNamed } from '../../lib/html/elements-by-name.js';
import { loadMarkup } from '../../lib/html/markup-parser.js';
import { scrapeTool } from '../../lib/tools/scrape/index.js';
import { HTML_UTF8, respond, startToolSite, type ToolSite } from '../support/tool-site.js';

const text = (html: string) =>
  PageDocument.parse(html, 'https://shop.test/').text({ onlyMainContent: false });

describe('declarative shadow roots', () => {
  it("renders a component's shadow content with its children at the named and default slots", () => {
    const page = `<body><product-card>
      <template shadowrootmode="open"><h2><slot name="title">Untitled</slot></h2><div class="body"><slot></slot></div><footer>Price: <slot name="price">none</slot></footer></template>
      <span slot="title">Walnut desk</span>
      <p>Solid walnut, oiled by hand.</p>
      <span slot="price">$420</span>
    </product-card></body>`;
    expect(text(page).split('\n')).toEqual(['Walnut desk', 'Solid walnut, oiled by hand.', 'Price: $420']);
  });

  it("shows a slot's fallback when nothing is assigned to it, and drops children no slot takes", () => {
    const page = `<body><x-notice><template shadowrootmode="closed"><p><slot name="message">Nothing new today.</slot></p></template><span slot="other">never shown</span></x-notice></body>`;
    expect(text(page)).toBe('Nothing new today.');
  });

  it('gives the first slot of a name its children and later slots of that name their fallback', () => {
    const page = `<body><x-twice><template shadowrootmode="open"><p><slot>first fallback</slot></p><p><slot>second fallback</slot></p></template>assigned text</x-twice></body>`;
    expect(text(page).split('\n')).toEqual(['assigned text', 'second fallback']);
  });

  it('composes nested components, passing an outer slot down into an inner one', () => {
    const page = `<body><blog-post>
      <template shadowrootmode="open"><article><post-header><template shadowrootmode="open"><h1><slot></slot></h1></template><slot name="headline"></slot></post-header><slot></slot></article></template>
      <span slot="headline">Tides of the estuary</span>
      <p>The river meets the sea twice a day.</p>
    </blog-post></body>`;
    const $ = loadMarkup(page);
    expect($('article h1').text()).toBe('Tides of the estuary');
    expect(text(page).split('\n')).toEqual(['Tides of the estuary', 'The river meets the sea twice a day.']);
  });

  it('leaves inert a template without a valid mode, a second root, and one under an element that takes no shadow root', () => {
    const page = `<body>
      <div><template>plain template</template><p>one</p></div>
      <div><template shadowrootmode="sideways">bad mode</template><p>two</p></div>
      <x-a><template shadowrootmode="open"><p>shadow</p></template><template shadowrootmode="open">second root</template></x-a>
      <ul><li><template shadowrootmode="open">list item root</template>three</li></ul>
    </body>`;
    expect(text(page).split('\n')).toEqual(['one', 'two', 'shadow', 'three']);
  });

  it("drops from the parser's index the elements of children no slot shows", () => {
    const $ = loadMarkup(
      '<body><x-page><template shadowrootmode="open"><slot name="main"></slot></template><h1>Hidden heading</h1><h1 slot="main">Shown heading</h1></x-page></body>',
    );
    const headings = elementsNamed($.root()[0] as never, 'h1') ?? [];
    expect(headings.map((h1) => $(h1).text())).toEqual(['Shown heading']);
  });

  it('reads the legacy `shadowroot` attribute as Chromium did', () => {
    expect(
      text('<body><x-old><template shadowroot="open"><p>from the shadow</p></template></x-old></body>'),
    ).toBe('from the shadow');
  });
});

describe('a page whose article is in declarative shadow roots, through scrape', () => {
  const prose =
    'The harbour board voted on Tuesday to rebuild the north pier, which storms closed last winter. ' +
    'Work starts in spring and the ferry keeps running from the south quay until the pier reopens.';
  const page = `<!DOCTYPE html><html><head><title>North pier to be rebuilt</title></head><body>
    <site-nav><template shadowrootmode="open"><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></nav></template></site-nav>
    <news-article><template shadowrootmode="open"><article><h1><slot name="headline"></slot></h1><p>${prose}</p><p>${prose}</p><p>${prose}</p></article></template>
      <span slot="headline">North pier to be rebuilt</span>
    </news-article></body></html>`;
  let site: ToolSite;
  beforeAll(async () => {
    site = await startToolSite({
      host: 'harbour.test',
      tools: [scrapeTool],
      routes: { '/pier': respond(200, HTML_UTF8, page) },
    });
  });
  afterAll(() => site?.close());

  it('returns the article as main content, not a wall and not empty', async () => {
    const account = await site.harness.account({ credits: 10 });
    const res = await site.harness.tool(
      'scrape',
      { url: site.url('/pier'), formats: ['markdown'], onlyMainContent: true },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const markdown: string = res.body.data.formats.markdown;
    expect(markdown).toContain('The harbour board voted on Tuesday');
    expect(markdown.match(/harbour board voted/g)).toHaveLength(3);
    expect(markdown).not.toContain('About');
    expect(await account.balance()).toBe(8);
  });
});
