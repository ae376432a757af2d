import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  html,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { marketplaceProduct } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'www.amazon.com/dp/B0C8PRGQ9M': html(platformFixture('marketplace-product/product.html')),
    'www.amazon.com/dp/B000000000': html(
      '<html><head><title>Amazon.com</title></head><body><p>Sorry, we just need to make sure you are not lost. Here is our home page, with every department and the deals of the day listed below for you to browse.</p></body></html>',
    ),
  });
});
afterAll(() => server.close());

describe('marketplace-product', () => {
  it('reads the product page into the product record', async () => {
    const run = await runTemplate(server, marketplaceProduct, {
      url: 'https://www.amazon.com/dp/B0C8PRGQ9M',
    });
    expect(run.fetchedUrl).toBe('https://www.amazon.com/dp/B0C8PRGQ9M');
    expect(run.data).toEqual({
      asin: 'B0C8PRGQ9M',
      title: 'Anker Power Bank, 10,000mAh Portable Charger with USB-C, 30W Fast Charging',
      brand: 'Anker',
      url: 'https://www.amazon.com/Anker-Portable-Charger-10000mAh-Charging/dp/B0C8PRGQ9M',
      price: { amount: 21.99, currency: 'USD', display: '$21.99' },
      list_price: { amount: 29.99, currency: 'USD', display: '$29.99' },
      rating: 4.5,
      ratings_count: 28417,
      availability: 'In Stock',
      in_stock: true,
      seller: 'AnkerDirect',
      features: [
        'The Compact Power Bank: at 10,000mAh it charges a phone about twice, in a body the size of a deck of cards.',
        '30W USB-C Fast Charging: top up a laptop or tablet at full speed.',
        'What You Get: power bank, USB-C to USB-C cable, travel pouch, 18-month warranty.',
      ],
      description:
        'Small enough for a pocket, strong enough for a laptop. The power bank charges itself in 3 hours over USB-C.',
      images: [
        'https://m.media-amazon.com/images/I/61Z6RJ8SbFL._AC_SL1500_.jpg',
        'https://m.media-amazon.com/images/I/71pXj7kQXbL._AC_SL1500_.jpg',
      ],
      categories: ['Electronics', 'Cell Phones & Accessories', 'Portable Power Banks'],
      details: {
        Brand: 'Anker',
        'Battery Capacity': '10000 Milliamp Hours',
        'Connector Type': 'USB Type C',
        ASIN: 'B0C8PRGQ9M',
        'Best Sellers Rank': '#12 in Cell Phone Portable Power Banks',
        'Date First Available': 'June 21, 2023',
      },
    });
  });

  it('answers NO_TEMPLATE_MATCH for a page without a product', async () => {
    await expect(
      runTemplate(server, marketplaceProduct, { url: 'https://www.amazon.com/dp/B000000000' }),
    ).rejects.toMatchObject({ code: 'NO_TEMPLATE_MATCH' });
  });

  it('recognises product URLs of the marketplace, and only those', () => {
    for (const example of marketplaceProduct.examples)
      expect(marketplaceProduct.match(new URL(example))).toBe('host');
    expect(marketplaceProduct.match(new URL('https://www.amazon.com/s?k=power+bank'))).toBeNull();
    expect(marketplaceProduct.match(new URL('https://amazon.example.com/dp/B0C8PRGQ9M'))).toBeNull();
  });
});
