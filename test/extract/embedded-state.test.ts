import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type EmbeddedState, findEmbeddedState } from '../../lib/extract/embedded-state/index.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read into decoded page state
type AnyData = any;

function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/embedded/${name}`, import.meta.url), 'utf8');
}

function read(name: string, raw = false): EmbeddedState & { data: AnyData } {
  return findEmbeddedState(fixture(name), { raw });
}

function names(state: EmbeddedState): string[] {
  return state.found.map((source) => source.name);
}

describe('findEmbeddedState: one fixture per framework', () => {
  it('reads __NEXT_DATA__ from a pages-router page, and ignores JSON-LD', () => {
    const state = read('next-pages-router.html');
    expect(names(state), JSON.stringify(state.warnings)).toEqual(['next_data']);
    expect(state.found[0]).toEqual({
      name: 'next_data',
      variable: '__NEXT_DATA__',
      bytes: expect.any(Number),
    });
    const product = state.data.next_data.props.pageProps.product;
    expect(product.variants).toHaveLength(3);
    expect(product.description).toContain('<b>Now</b> in olive – “limited”');
    expect(state.warnings).toEqual([]);
  });

  it('counts bytes as UTF-8 of the JSON text the page carried', () => {
    const html = fixture('next-pages-router.html');
    const text = html.slice(html.indexOf('<script id="__NEXT_DATA__"')).replace(/^[^>]*>/, '');
    const json = text.slice(0, text.indexOf('</script>'));
    expect(read('next-pages-router.html').found[0].bytes).toBe(Buffer.byteLength(json, 'utf8'));
    expect(Buffer.byteLength(json, 'utf8')).toBeGreaterThan(json.length);
  });

  it('decodes the app-router flight stream and the Apollo SSR transport', () => {
    const state = read('next-app-router.html');
    expect(names(state), JSON.stringify(state.warnings)).toEqual(['next_f', 'apollo_ssr_transport']);
    expect(state.warnings).toEqual([]);
    const transport = state.data.apollo_ssr_transport;
    expect(transport).toHaveLength(2);
    // `"data":undefined` is JavaScript, not JSON: the tolerant reader turns it into null.
    expect(transport[0].rehydrate._R_lsnb_).toEqual({
      data: null,
      loading: false,
      networkStatus: 7,
      called: false,
    });
    expect(transport[1].events[0].value.data.comments[1].body).toBe('What about purge latency?');
  });

  it('reads Nuxt 3: the devalue payload decoded, and the runtime config', () => {
    const state = read('nuxt3.html');
    expect(names(state), JSON.stringify(state.warnings)).toEqual(['nuxt', 'nuxt_data']);
    const payload = state.data.nuxt_data;
    const product = payload.data['product-42'];
    expect(product).toMatchObject({ id: 42, name: 'Ceramic Pour-Over Set', price: 38.5 });
    // devalue's Date, Set and Map come back as JSON: ISO string, array, object.
    expect(product.createdAt).toBe('2024-11-02T10:00:00.000Z');
    expect(product.tags).toEqual(['coffee', 'kitchen']);
    expect(product.stock).toEqual({ 'warehouse-berlin': 12, 'warehouse-lyon': 0 });
    expect('discount' in product).toBe(false);
    // A value shared three times is written once in the payload and repeated in the result.
    expect(payload.data['reviews-42'].items[1].seller).toEqual(product.seller);
    // Nuxt's Vue wrappers unwrap; EmptyRef "_" is undefined, EmptyRef "null" is null.
    expect(payload.state).toEqual({ 'cart-count': 3, locale: 'de-DE', coupon: null });
    expect(payload._errors).toEqual({ 'product-42': null });
    expect(payload.once).toEqual(['analytics-init']);
    expect(state.data.nuxt.config.app.buildAssetsDir).toBe('/_nuxt/');
    expect(state.data.json_scripts).toBeUndefined();
  });

  it('keeps the undecoded devalue array under json_scripts when raw is set', () => {
    const state = read('nuxt3.html', true);
    expect(names(state)).toEqual(['nuxt', 'nuxt_data', 'json_scripts']);
    const [entry] = state.data.json_scripts;
    expect(entry.id).toBe('__NUXT_DATA__');
    expect(entry.data[0]).toEqual(['ShallowReactive', 1]);
    expect(entry.data).toContain('Ceramic Pour-Over Set');
    expect(state.data.nuxt_data.path).toBe('/p/ceramic-pour-over-set');
  });

  it('reads the Nuxt 2 IIFE without running it, applying its a.b=c links', () => {
    const state = read('nuxt2.html');
    expect(names(state), JSON.stringify(state.warnings)).toEqual(['nuxt']);
    expect(state.warnings).toEqual([]);
    const article = state.data.nuxt.data[0].article;
    expect(article).toMatchObject({ id: 1204, published: true, draft: false, updatedAt: null });
    expect(article.cover).toBe('https://cdn.brewjournal.example/img/altitude.jpg');
    expect(article.meta.author).toEqual({ name: 'Jonas Berg', slug: 'jonas-berg' });
    expect(article.related).toEqual([{ id: 1188, title: 'Water chemistry 101', published: true }]);
    expect(state.data.nuxt.routePath).toBe('/blog/brewing-at-altitude');
  });

  it('reads a Redux __PRELOADED_STATE__', () => {
    const state = read('redux-preloaded-state.html');
    expect(names(state)).toEqual(['preloaded_state']);
    expect(state.data.preloaded_state.threads.allIds).toEqual(['t1', 't2', 't3']);
    expect(state.data.preloaded_state.ui.lastRoute).toBe('/inbox');
  });

  it('reads an Apollo cache', () => {
    const state = read('apollo.html');
    expect(names(state)).toEqual(['apollo_state']);
    expect(state.data.apollo_state['Event:ev_301'].title).toBe('Fado night at Alfama');
  });

  it('reads ytInitialData and ytInitialPlayerResponse, skipping the earlier null assignment', () => {
    const state = read('youtube-watch.html');
    expect(names(state)).toEqual(['yt_initial_data', 'yt_initial_player_response']);
    expect(state.data.yt_initial_player_response.videoDetails.videoId).toBe('dQ4sZ9kLm2Q');
    expect(state.data.yt_initial_player_response.microformat.playerMicroformatRenderer.category).toBe(
      'Howto & Style',
    );
    const results = state.data.yt_initial_data.contents.twoColumnWatchNextResults.secondaryResults;
    expect(results.secondaryResults.results).toHaveLength(2);
    // `var meta = document.createElement('meta')` is not storefront analytics.
    expect(state.data.shop_analytics_meta).toBeUndefined();
  });

  it('reads the Inertia page object from data-page, entity-decoded', () => {
    const state = read('inertia.html');
    expect(names(state)).toEqual(['inertia_page']);
    expect(state.found[0].variable).toBe('div#app[data-page]');
    expect(state.data.inertia_page.component).toBe('Invoices/Index');
    expect(state.data.inertia_page.props.invoices.data[0].client).toBe('Acme & Sons');
  });

  it('keeps data-* JSON of 2 KB or more, and JSON scripts with or without an id', () => {
    const state = read('data-attribute.html');
    expect(names(state)).toEqual(['json_scripts', 'json_attributes']);
    expect(state.data.json_attributes).toHaveLength(1);
    const [attribute] = state.data.json_attributes;
    expect(attribute).toMatchObject({ tag: 'div', attribute: 'data-react-props', id: 'product-gallery' });
    expect(attribute.data.images).toHaveLength(18);
    // The small data-config and the large non-JSON data-path-cache are left out; so is JSON-LD.
    expect(state.data.json_scripts).toEqual([
      {
        id: 'store-config',
        data: {
          storeId: 'grain-studio',
          features: { wishlist: true, giftCards: false },
          support: { email: 'help@grain.example' },
        },
      },
      { id: null, data: [{ id: 'promo-1', text: 'Free delivery over £500' }] },
    ]);
  });

  it('reads SvelteKit: hydration nodes (devalue.uneval text) and fetched responses', () => {
    const state = read('sveltekit.html');
    expect(names(state)).toEqual(['sveltekit_data']);
    const { nodes, fetched } = state.data.sveltekit_data;
    expect(nodes[1].data.recipes[0]).toEqual({
      slug: 'lentil-ragu',
      title: 'Lentil ragù',
      minutes: 45,
      updated: '2024-06-01T00:00:00.000Z',
    });
    expect(nodes[1].data.recipes[1].updated).toBeNull();
    expect(fetched[0].url).toBe('/api/recipes?tag=vegan&limit=2');
    expect(fetched[0].body.items).toHaveLength(2);
  });

  it('reads Remix context, stopping at the end of the literal', () => {
    const state = read('remix.html');
    expect(names(state)).toEqual(['remix_context']);
    expect(state.data.remix_context.state.loaderData['routes/issues.$id'].issue.id).toBe(482);
  });

  it('reads storefront analytics meta', () => {
    const state = read('storefront.html');
    expect(names(state)).toEqual(['shop_analytics_meta']);
    expect(state.found[0].variable).toBe('ShopifyAnalytics.meta');
    expect(state.data.shop_analytics_meta.product.variants[1].sku).toBe('APR-LIN-CHR');
    expect(state.data.shop_analytics_meta.product.gid).toBe('gid://shopify/Product/8123456789012');
  });

  it('reads the retail globals in their several written forms', () => {
    const state = read('retail-globals.html');
    expect(names(state), JSON.stringify(state.warnings)).toEqual([
      'initial_state',
      'preloaded_data',
      'tgt_data',
      'pws_data',
      'server_data',
      'app_state',
      'state',
      'global_data',
    ]);
    expect(state.warnings).toEqual([]);
    // Unquoted keys, trailing commas, undefined, !0/!1.
    expect(state.data.initial_state).toEqual({
      route: { path: '/deals', query: { week: '24' } },
      user: null,
      flags: { newNav: true, darkMode: false },
    });
    // Object.defineProperties(window, {'__TGT_DATA__': {value: deepFreeze(JSON.parse("…"))}}).
    expect(state.data.tgt_data.storeId).toBe('1375');
    expect(state.data.tgt_data.__PRELOADED_QUERIES__.queries[0][1].data.deals[0].title).toBe(
      'Oat milk 6-pack',
    );
    // JSON.parse('…\x27…') in single quotes.
    expect(state.data.pws_data.note).toBe("it's week 24");
    // <script id="__SERVER_DATA__" type="application/json">.
    expect(state.found.find((source) => source.name === 'server_data')?.variable).toBe(
      'script#__SERVER_DATA__',
    );
    expect(state.data.server_data.requestId).toBe('req_9f8e7d');
    // JSON.parse(decodeURIComponent("…")).
    expect(state.data.app_state).toEqual({ cart: { count: 2 }, store: { id: '1375', name: 'Uptown' } });
    expect(state.data.state.deals.pages).toBe(6);
    expect(state.data.global_data.copyright).toBe('© 2025');
    expect(state.data.preloaded_data.recommendations).toHaveLength(2);
  });

  it('finds nothing on a page without state, and reports no warnings', () => {
    const state = read('none.html');
    expect(state).toEqual({ found: [], data: {}, warnings: [] });
  });

  it('lists found sources in reference order with name, variable and bytes only', () => {
    for (const source of read('retail-globals.html').found) {
      expect(Object.keys(source)).toEqual(['name', 'variable', 'bytes']);
      expect(source.bytes).toBeGreaterThan(0);
    }
  });
});

describe('findEmbeddedState: the app-router flight stream', () => {
  const flight = read('next-app-router.html').data.next_f;

  it('indexes data rows with id, bytes, keys and length', () => {
    expect(flight.data_rows.map((row: AnyData) => row.id)).toEqual(['0', '6', '7', '8', '9']);
    expect(flight.data_rows.find((row: AnyData) => row.id === '7')).toMatchObject({
      keys: ['post'],
      length: null,
    });
    expect(flight.data_rows.find((row: AnyData) => row.id === '0').keys).toEqual([
      'P',
      'b',
      'p',
      'c',
      'i',
      'f',
      'm',
      'G',
      's',
      'S',
    ]);
    expect(flight.data_rows.find((row: AnyData) => row.id === '6')).toMatchObject({ keys: null, length: 4 });
  });

  it('joins a row split across two pushes', () => {
    expect(flight.rows['7'].post).toMatchObject({ id: 381, title: 'Edge caching without tears', body: '$8' });
    expect(flight.rows['7'].post.related[0].slug).toBe('stale-while-revalidate');
  });

  it('reads a T row by its byte length, multi-byte characters included', () => {
    const text = '<p>Édition spéciale: “edge” caching cuts TTFB by 38% 🚀</p>';
    expect(flight.rows['8']).toBe(text);
    expect(flight.data_rows.find((row: AnyData) => row.id === '8')).toEqual({
      id: '8',
      bytes: Buffer.byteLength(text),
      keys: null,
      length: text.length,
    });
    // The row after the unterminated T row is still found.
    expect(flight.rows['9'][1][3].children).toBe('Edge caching without tears – Field Notes');
  });

  it('separates module (I) and hint (HL) rows from data rows', () => {
    expect(Object.keys(flight.modules)).toEqual(['2', '3', '4', '5']);
    expect(flight.modules['5'][2]).toBe('ThemeProvider');
    expect(flight.hints).toEqual([
      { code: 'L', value: ['/_next/static/css/app/layout.css?v=1714060800000', 'style'] },
    ]);
    expect(flight.other).toEqual([]);
    expect(flight.form_state).toBeUndefined();
  });

  it('sizes next_f as the UTF-8 length of the whole stream', () => {
    const found = read('next-app-router.html').found.find((source) => source.name === 'next_f');
    const total = flight.data_rows.reduce((sum: number, row: AnyData) => sum + row.bytes, 0);
    expect(found?.bytes).toBeGreaterThan(total);
  });
});

describe('findEmbeddedState never runs page code', () => {
  it('reads a hostile page without executing, throwing or polluting prototypes', () => {
    const marker = '__EMBEDDED_STATE_EXECUTED__';
    expect(marker in globalThis).toBe(false);
    const state = read('hostile.html');
    expect(marker in globalThis).toBe(false);
    expect(({} as AnyData).polluted).toBeUndefined();
    expect(({} as AnyData).polluted2).toBeUndefined();
    expect(({} as AnyData).polluted3).toBeUndefined();

    expect(names(state)).toEqual(['initial_state', 'app_state', 'global_data']);
    // The IIFE's side effect and endless loop are skipped; only its returned literal is read.
    expect(state.data.initial_state).toEqual({ ok: true, items: [1, 2, 3] });
    expect(state.data.app_state).toEqual({ kept: true });
    // "__proto__" from JSON stays an own key of the data, as JSON.parse makes it.
    expect(Object.getPrototypeOf(state.data.global_data)).toBe(Object.prototype);
    expect(Object.keys(state.data.global_data)).toEqual(['__proto__', 'safe']);

    const warnings = state.warnings.join('\n');
    expect(warnings).toMatch(
      /nuxt: __NUXT__ could not be decoded without running page code \(call to fetch\(\)/,
    );
    expect(warnings).toMatch(/preloaded_state: .* could not be decoded/);
    expect(warnings).toMatch(/state: __STATE__ could not be decoded .*unknown identifier globalThis/);
    expect(warnings).toMatch(/initial_state: __INITIAL_STATE__ decoded partially/);
    expect(warnings).toMatch(/next_f: 1 self.__next_f push\(es\) could not be read/);
  });
});

describe('findEmbeddedState: state written in pieces or wrapped for XHTML', () => {
  const page = (scripts: string[]) =>
    `<html><head>${scripts.map((script) => `<script>${script}</script>`).join('')}</head><body></body></html>`;

  it('merges property assignments into one object after `window.X = window.X || {}`', () => {
    const state = findEmbeddedState(
      page([
        'window.__PRELOADED_STATE__ = window.__PRELOADED_STATE__ || {};',
        'window.__PRELOADED_STATE__.HeaderMenu_64411 = {"items":[{"label":"Home","href":"/"}]};',
        'window.__PRELOADED_STATE__["Footer_12"] = {"copyright":"2025"}; window.__PRELOADED_STATE__.Teasers_9 = [1,2];',
      ]),
      { raw: false },
    );
    expect(state.found.map((source) => source.name)).toEqual(['preloaded_state']);
    expect(state.data.preloaded_state).toEqual({
      HeaderMenu_64411: { items: [{ label: 'Home', href: '/' }] },
      Footer_12: { copyright: '2025' },
      Teasers_9: [1, 2],
    });
    expect(state.warnings).toEqual([]);
  });

  it('adds property assignments to a state assigned whole, later ones winning, nested paths included', () => {
    const state = findEmbeddedState(
      page([
        'window.__INITIAL_STATE__ = {"user":{"id":7},"cart":{"items":[]}};',
        'window.__INITIAL_STATE__.cart = {"items":[{"sku":"A1"}]}; window.__INITIAL_STATE__.ui.theme = "dark";',
        'if (window.__INITIAL_STATE__.user === null) { window.__INITIAL_STATE__.flag = window.other; }',
      ]),
      { raw: false },
    );
    expect(state.data.initial_state).toEqual({
      user: { id: 7 },
      cart: { items: [{ sku: 'A1' }] },
      ui: { theme: 'dark' },
    });
  });

  it.each([
    ['bare', (json: string) => `<![CDATA[${json}]]>`],
    ['behind // comments', (json: string) => `//<![CDATA[\n${json}\n//]]>`],
    ['behind /* */ comments', (json: string) => `/*<![CDATA[*/${json}/*]]>*/`],
  ])('unwraps __NEXT_DATA__ held in a CDATA section (%s)', (_label, wrap) => {
    const json = '{"props":{"pageProps":{"title":"Hello"}},"page":"/","buildId":"b1"}';
    const html = `<html><body><script id="__NEXT_DATA__" type="application/json">${wrap(json)}</script></body></html>`;
    const state = findEmbeddedState(html, { raw: false });
    expect(state.warnings).toEqual([]);
    expect((state.data as AnyData).next_data.props.pageProps.title).toBe('Hello');
  });
});
