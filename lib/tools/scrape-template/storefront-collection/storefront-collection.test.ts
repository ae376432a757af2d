import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { setHostResolverForTests } from '../../../fetch/guarded-agent.js';
import { storefrontCollection } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'shop.trailgear.test/collections/shoes/products.json': json(
      platformFixture('storefront-collection/products.json'),
    ),
    'trailgear.myshopify.com/collections/all/products.json': json(
      platformFixture('storefront-collection/products.json'),
    ),
    'trailgear.myshopify.com/robots.txt': answer(
      200,
      { 'content-type': 'text/plain' },
      'User-agent: *\nDisallow: /collections/all\n',
    ),
  });
});
afterAll(() => server.close());
afterEach(() => setHostResolverForTests(null));

type Items = { items: Record<string, unknown>[]; count: number; next_params?: unknown };

describe('storefront-collection', () => {
  it('reads 30 products a page by default from the collection products JSON', async () => {
    const run = await runTemplate(server, storefrontCollection, {
      params: { store: 'https://Shop.Trailgear.test/', collection: 'shoes' },
    });
    const request = server.requestsTo('shop.trailgear.test').at(-1)!;
    expect(request.query.get('limit')).toBe('30');
    expect(request.query.get('page')).toBe('1');
    expect(run.fetchedUrl).toBe(
      'https://shop.trailgear.test/collections/shoes/products.json?limit=30&page=1',
    );
    const data = run.data as Items;
    expect(data.count).toBe(2);
    expect(data).not.toHaveProperty('next_params');
    expect(data.items[0]).toEqual({
      id: '7891234567890',
      title: 'Trail Runner 4',
      handle: 'trail-runner-4',
      url: 'https://shop.trailgear.test/products/trail-runner-4',
      vendor: 'Trailgear',
      product_type: 'Shoes',
      tags: ['running', 'trail'],
      description: 'A light trail shoe with a rock plate and a 6 mm drop.',
      published_at: '2026-03-01T15:00:00.000Z',
      created_at: '2026-02-20T14:12:00.000Z',
      updated_at: '2026-09-30T20:45:10.000Z',
      price: { min: 129, max: 129 },
      compare_at_price: { min: 149, max: 149 },
      available: true,
      images: ['https://cdn.shopify.com/s/files/1/0612/3456/7890/files/tr4-side.jpg?v=1718000000'],
      options: [
        { name: 'Size', values: ['8', '9'] },
        { name: 'Color', values: ['Black'] },
      ],
      variants: [
        {
          id: '43123456789012',
          title: '8 / Black',
          sku: 'TR4-8-BLK',
          price: 129,
          compare_at_price: 149,
          available: true,
          options: ['8', 'Black'],
        },
        {
          id: '43123456789013',
          title: '9 / Black',
          sku: 'TR4-9-BLK',
          price: 129,
          compare_at_price: 149,
          available: false,
          options: ['9', 'Black'],
        },
      ],
    });
    expect(data.items[1]).toMatchObject({ compare_at_price: null, price: { min: 18, max: 18 } });
  });

  it('pages on: a full page points at the next one', async () => {
    const run = await runTemplate(server, storefrontCollection, {
      params: { store: 'shop.trailgear.test', collection: 'shoes', limit: 2, page: 3 },
    });
    expect(server.requestsTo('shop.trailgear.test').at(-1)?.query.get('page')).toBe('3');
    expect((run.data as Items).next_params).toEqual({ page: 4, limit: 2 });
  });

  it('refuses more than 250 products a page and a store that is not a host name, naming them', async () => {
    await expect(
      runTemplate(server, storefrontCollection, {
        params: { store: 'shop.trailgear.test', collection: 'shoes', limit: 251 },
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_TEMPLATE_PARAMS',
      details: [expect.objectContaining({ field: 'params.limit' })],
    });
    await expect(
      runTemplate(server, storefrontCollection, {
        params: { store: 'shop.test/../admin', collection: 'shoes' },
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_TEMPLATE_PARAMS',
      details: [expect.objectContaining({ field: 'params.store' })],
    });
    await expect(
      runTemplate(server, storefrontCollection, { params: { store: 'shop.trailgear.test' } }),
    ).rejects.toMatchObject({
      code: 'INVALID_TEMPLATE_PARAMS',
      details: [{ field: 'params.collection', message: 'collection is required' }],
    });
  });

  it("honours the shop's robots.txt, the products JSON being part of its site", async () => {
    await expect(
      runTemplate(server, storefrontCollection, { url: 'https://trailgear.myshopify.com/collections/all' }),
    ).rejects.toMatchObject({
      code: 'ROBOTS_DISALLOWED',
      status: 403,
    });
  });

  it('refuses a store whose name resolves to a private address', async () => {
    setHostResolverForTests(async () => [{ address: '192.168.1.20', family: 4 }]);
    await expect(
      runTemplate(server, storefrontCollection, {
        params: { store: 'router.example.net', collection: 'all' },
      }),
    ).rejects.toMatchObject({ code: 'SSRF_BLOCKED', status: 403 });
  });

  it('resolves a collection URL to store, collection and page', () => {
    expect(
      storefrontCollection.fromUrl?.(new URL('https://shop.trailgear.test/collections/shoes?page=2')),
    ).toEqual({
      store: 'shop.trailgear.test',
      collection: 'shoes',
      page: '2',
    });
    expect(
      storefrontCollection.fromUrl?.(new URL('https://shop.trailgear.test/collections/shoes/products/x')),
    ).toBeNull();
  });
});
