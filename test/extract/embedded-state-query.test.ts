import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  findEmbeddedState,
  findKeys,
  keysOnly,
  MAX_MATCHES,
  PREVIEW_CHARS,
  parsePath,
  resolvePath,
} from '../../lib/extract/embedded-state/index.js';

function fixtureData(name: string): Record<string, unknown> {
  const html = readFileSync(new URL(`../fixtures/embedded/${name}`, import.meta.url), 'utf8');
  return findEmbeddedState(html, { raw: false }).data;
}

describe('resolvePath', () => {
  const data = fixtureData('next-pages-router.html');

  it('takes dotted keys and array indexes in either notation', () => {
    const dotted = resolvePath(data, 'next_data.props.pageProps.product.variants.1.sku');
    const bracketed = resolvePath(data, 'next_data.props.pageProps.product.variants[1].sku');
    expect(dotted).toEqual({ found: true, value: 'TR4-BLK-43' });
    expect(bracketed).toEqual(dotted);
    expect(resolvePath({ a: [[1, 2], [3]] }, 'a[1][0]')).toEqual({ found: true, value: 3 });
  });

  it('reads numeric object keys (flight row ids) with the same grammar', () => {
    const flight = fixtureData('next-app-router.html');
    const resolved = resolvePath(flight, 'next_f.rows.7.post.title');
    expect(resolved).toEqual({ found: true, value: 'Edge caching without tears' });
  });

  it('names the keys available where an unresolved path stopped', () => {
    const resolved = resolvePath(data, 'next_data.props.pageProps.prodcut.title');
    expect(resolved).toEqual({
      found: false,
      message:
        'Path "next_data.props.pageProps.prodcut.title" not found: no "prodcut" at "next_data.props.pageProps"; ' +
        'available keys: product, breadcrumbs, __N_SSP',
    });
  });

  it('names the source names when the first key misses', () => {
    const resolved = resolvePath(data, 'nuxt.data');
    expect(resolved.found).toBe(false);
    if (!resolved.found) expect(resolved.message).toContain('at the top level; available keys: next_data');
  });

  it('describes an array or a scalar where the path stopped', () => {
    const array = resolvePath(data, 'next_data.props.pageProps.product.variants.7');
    const scalar = resolvePath(data, 'next_data.page.length');
    expect(array.found || array.message).toContain('available keys: 0 to 2 (array of 3)');
    expect(scalar.found || scalar.message).toContain('available keys: none (the value there is a string)');
  });

  it('caps the listed keys at 50', () => {
    const wide = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]));
    const resolved = resolvePath({ wide }, 'wide.missing');
    expect(resolved.found || resolved.message).toMatch(/k49 \(and 10 more\)$/);
  });
});

describe('parsePath', () => {
  it.each([
    ['a.*.b', 'wildcards are not supported'],
    ['a[*]', 'wildcards are not supported'],
    ['a[?(@.x)]', 'filters are not supported'],
    ['a[0:2]', 'slices are not supported'],
    ['a["b"]', 'quoted keys are not supported'],
    ['a..b', 'empty key'],
    ['.a', 'empty key'],
    ['a.', 'empty key'],
    ['a[0', 'unclosed "["'],
    ['a[x]', 'brackets take whole numbers only'],
    ['a[0]b', 'unexpected "b"'],
    ['', 'path is empty'],
  ])('refuses %j (%s)', (path, message) => {
    const parsed = parsePath(path);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });

  it('accepts keys with spaces, dashes and dollar signs', () => {
    expect(parsePath('routes/issues.$id.issue')).toEqual({
      ok: true,
      segments: [
        { key: 'routes/issues', bracketed: false },
        { key: '$id', bracketed: false },
        { key: 'issue', bracketed: false },
      ],
    });
    expect(parsePath('data.product-42[0]').ok).toBe(true);
  });
});

describe('keysOnly', () => {
  it('describes two levels, then names leaves by kind', () => {
    const shape = keysOnly({
      product: { id: 1, title: 'x', tags: ['a', 'b'], price: { amount: 1 }, sale: null, live: true },
      items: [{ id: 1, nested: { deep: 1 } }, { id: 2 }],
      empty: [],
      count: 3,
    });
    expect(shape).toEqual({
      product: {
        id: 'number',
        title: 'string',
        tags: 'array(2)',
        price: 'object',
        sale: 'null',
        live: 'boolean',
      },
      items: { length: 2, first: { id: 'number', nested: 'object' } },
      empty: { length: 0 },
      count: 'number',
    });
  });

  it('describes a scalar or an array at the root', () => {
    expect(keysOnly('text')).toBe('string');
    expect(keysOnly([[1, 2, 3]])).toEqual({ length: 1, first: { length: 3, first: 'number' } });
  });

  it('gives the shape of the whole state keyed by source name', () => {
    const shape = keysOnly(fixtureData('redux-preloaded-state.html')) as Record<string, unknown>;
    expect(shape).toEqual({ preloaded_state: { session: 'object', threads: 'object', ui: 'object' } });
  });
});

describe('findKeys', () => {
  it('matches key names case-insensitively, in document order, with paths under the base path', () => {
    const value = { Price: 1, item: { salePrice: 2, list: [{ price: 3 }] }, last: { PRICE: 4 } };
    const result = findKeys(value, 'price', 'next_data.props');
    expect(result.matches.map((match) => match.path)).toEqual([
      'next_data.props.Price',
      'next_data.props.item.salePrice',
      'next_data.props.item.list.0.price',
      'next_data.props.last.PRICE',
    ]);
    expect(result.matches[0]).toEqual({ path: 'next_data.props.Price', preview: '1' });
    expect(result).toMatchObject({ matches_total: 4, matches_truncated: false });
  });

  it('matches keys, not values or array indexes', () => {
    const result = findKeys({ title: 'price list', list: ['price'], 0: 'x' }, 'price');
    expect(result.matches_total).toBe(0);
    expect(findKeys({ a: [1, 2] }, '0').matches_total).toBe(0);
  });

  it('returns at most 50 matches and counts the rest', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ id: i }));
    const result = findKeys(many, 'id');
    expect(result.matches).toHaveLength(MAX_MATCHES);
    expect(result.matches_total).toBe(80);
    expect(result.matches_truncated).toBe(true);
    expect(result.matches[49].path).toBe('49.id');
  });

  it('cuts previews at 200 characters of the JSON', () => {
    const value = { body: 'x'.repeat(5000), list: Array.from({ length: 500 }, (_, i) => ({ i })) };
    const result = findKeys(value, 'body');
    expect(result.matches[0].preview).toHaveLength(PREVIEW_CHARS);
    expect(result.matches[0].preview).toBe(JSON.stringify(value.body).slice(0, PREVIEW_CHARS));
    const list = findKeys(value, 'list').matches[0].preview;
    expect(list).toBe(JSON.stringify(value.list).slice(0, PREVIEW_CHARS));
  });

  it('marks a match no path can name as addressable: false, and everything beneath it', () => {
    const apollo = fixtureData('apollo.html');
    const result = findKeys(apollo, 'events', 'x');
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0].addressable).toBe(false);
    expect(result.matches[0].path).toBe(
      'x.apollo_state.ROOT_QUERY.events({"city":"lisbon","first":2,"tags":["music"]})',
    );

    const nested = findKeys(apollo, 'endCursor');
    expect(nested.matches[0]).toMatchObject({ addressable: false, preview: '"Y3Vyc29yOjI="' });

    const dotted = findKeys({ 'v1.2': { ok: 1 }, fine: { ok: 2 } }, 'ok');
    expect(dotted.matches).toEqual([
      { path: 'v1.2.ok', preview: '1', addressable: false },
      { path: 'fine.ok', preview: '2' },
    ]);
  });

  it('finds keys inside a real payload, and the path it gives resolves', () => {
    const data = fixtureData('youtube-watch.html');
    const result = findKeys(data, 'videoId');
    expect(result.matches_total).toBe(3);
    for (const match of result.matches) {
      const resolved = resolvePath(data, match.path);
      expect(resolved.found, match.path).toBe(true);
      if (resolved.found) expect(JSON.stringify(resolved.value).slice(0, PREVIEW_CHARS)).toBe(match.preview);
    }
  });
});
