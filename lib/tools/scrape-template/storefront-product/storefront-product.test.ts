import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  html,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { JSON_LD_WARNING, storefrontProduct } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'shop.trailgear.test/products/trail-runner-4': html(platformFixture('storefront-product/product.html')),
    'trailgear.myshopify.com/products/camp-mug': html(
      platformFixture('storefront-product/product-legacy.html'),
    ),
    'shop.trailgear.test/products/gift-card': html(
      '<html><body><h1>Gift card</h1><p>Give the gift of the outdoors.</p></body></html>',
    ),
  });
});
afterAll(() => server.close());

describe('storefront-product', () => {
  it('reads the product group JSON-LD: variants with price and availability, stock and compare-at null, with a warning', async () => {
    const run = await runTemplate(server, storefrontProduct, {
      url: 'https://shop.trailgear.test/products/trail-runner-4',
    });
    expect(run.warnings).toEqual([JSON_LD_WARNING]);
    expect(run.data).toEqual({
      source: 'json-ld',
      id: '7891234567890',
      title: 'Trail Runner 4',
      handle: 'trail-runner-4',
      url: 'https://shop.trailgear.test/products/trail-runner-4',
      vendor: 'Trailgear',
      category: 'Shoes',
      description: 'A light trail shoe with a rock plate and a 6 mm drop.',
      images: ['https://shop.trailgear.test/cdn/shop/files/tr4-side.jpg?v=1718000000&width=1920'],
      price: { min: 129, max: 129, currency: 'USD' },
      available: true,
      variants: [
        {
          id: '43123456789012',
          title: '8 / Black',
          sku: 'TR4-8-BLK',
          gtin: '0840123456781',
          price: 129,
          currency: 'USD',
          available: true,
          inventory_quantity: null,
          compare_at_price: null,
          url: 'https://shop.trailgear.test/products/trail-runner-4?variant=43123456789012',
          image: 'https://shop.trailgear.test/cdn/shop/files/tr4-side.jpg?v=1718000000&width=1920',
        },
        expect.objectContaining({
          id: '43123456789013',
          title: '9 / Black',
          available: false,
          compare_at_price: null,
        }),
      ],
    });
  });

  it('reads the older Product JSON-LD whose offers are the variants', async () => {
    const run = await runTemplate(server, storefrontProduct, {
      url: 'https://trailgear.myshopify.com/products/camp-mug',
    });
    expect(run.data).toMatchObject({
      id: null,
      title: 'Camp Mug',
      handle: 'camp-mug',
      vendor: 'Trailgear',
      images: ['https://trailgear.myshopify.com/cdn/shop/products/mug_1920x.jpg?v=1690000000'],
      price: { min: 18, max: 18, currency: 'USD' },
      variants: [
        {
          id: '42000000000001',
          sku: 'MUG-350',
          price: 18,
          available: true,
          inventory_quantity: null,
          compare_at_price: null,
        },
      ],
    });
  });

  it('answers NO_TEMPLATE_MATCH for a page without product JSON-LD', async () => {
    await expect(
      runTemplate(server, storefrontProduct, { url: 'https://shop.trailgear.test/products/gift-card' }),
    ).rejects.toMatchObject({ code: 'NO_TEMPLATE_MATCH' });
  });

  it('knows shops on the platform subdomain by host and the others by path', () => {
    expect(storefrontProduct.match(new URL('https://trailgear.myshopify.com/products/camp-mug'))).toBe(
      'host',
    );
    expect(
      storefrontProduct.match(
        new URL('https://shop.trailgear.test/collections/shoes/products/trail-runner-4'),
      ),
    ).toBe('path');
    expect(
      storefrontProduct.match(new URL('https://shop.trailgear.test/en-ca/products/trail-runner-4')),
    ).toBe('path');
    expect(storefrontProduct.match(new URL('https://shop.trailgear.test/collections/shoes'))).toBeNull();
  });
});
