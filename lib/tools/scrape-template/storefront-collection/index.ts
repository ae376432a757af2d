import { z } from '@hono/zod-openapi';
import { count } from '../shared/job-record.js';
import { listResult } from '../shared/list-result.js';
import { htmlToText } from '../shared/markup.js';
import { COLLECTION_PATH, storeHost } from '../shared/storefront.js';
import {
  asArray,
  asRecord,
  booleanOf,
  isoTime,
  type JsonObject,
  multiline,
  numberOf,
  text,
} from '../shared/values.js';
import { defineParamsTemplate } from '../template.js';

export const storefrontCollection = defineParamsTemplate({
  id: 'storefront-collection',
  name: 'Storefront collection',
  description:
    "The products of one collection of a shop on the hosted storefront platform, from the platform's public " +
    'collection products JSON: each product with vendor, type, tags, price range, compare-at prices, availability ' +
    'and variants. 30 products a page by default, 250 at most; `page` pages on.',
  mode: 'list',
  group: 'page',
  sources: ['https://<store>/collections/<collection>/products.json?limit=<limit>&page=<page>'],
  examples: [
    'https://trailgear.myshopify.com/collections/shoes',
    'https://shop.trailgear.test/collections/all',
  ],
  params: z.object({
    store: storeHost.describe(
      'The host name of the shop, e.g. `shop.example.com`; or send a collection `url`.',
    ),
    collection: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[\p{L}\p{N}_-]+$/u, 'must be the handle of the collection (`all` for every product)')
      .describe('The handle of the collection, as in `/collections/<handle>` (`all` for every product).'),
    page: count({ min: 1, max: 10_000, default: 1 }, 'The page of products, from 1.'),
    limit: count({ min: 1, max: 250, default: 30 }, 'Products a page: 30 by default, 250 at most.'),
  }),
  fromUrl(url) {
    const handle = COLLECTION_PATH.exec(url.pathname)?.[1];
    if (!handle) return null;
    const page = url.searchParams.get('page');
    return { store: url.hostname, collection: decodeURIComponent(handle), ...(page ? { page } : {}) };
  },
  urlMatch: 'path',
  async extract(ctx, params) {
    const query = new URLSearchParams({ limit: String(params.limit), page: String(params.page) });
    const source = `https://${params.store}/collections/${encodeURIComponent(params.collection)}/products.json?${query}`;
    // The products JSON is part of the shop's website: its robots.txt applies.
    const { data, url } = await ctx.reader.pageJson(source);
    const origin = new URL(url).origin;
    const items = asArray(asRecord(data).products).map((product) => productRecord(asRecord(product), origin));
    const full = items.length === params.limit;
    return {
      data: listResult(items, { nextParams: full ? { page: params.page + 1, limit: params.limit } : null }),
      fetchedUrl: url,
    };
  },
});

function productRecord(product: JsonObject, origin: string) {
  const variants = asArray(product.variants).map((entry) => {
    const variant = asRecord(entry);
    return {
      id: text(variant.id),
      title: text(variant.title),
      sku: text(variant.sku),
      price: numberOf(variant.price),
      compare_at_price: numberOf(variant.compare_at_price),
      available: booleanOf(variant.available),
      options: [variant.option1, variant.option2, variant.option3]
        .map(text)
        .filter((option) => option !== null),
    };
  });
  const prices = variants.map((variant) => variant.price).filter((price): price is number => price !== null);
  const compareAt = variants
    .map((variant) => variant.compare_at_price)
    .filter((price): price is number => price !== null);
  const handle = text(product.handle);
  return {
    id: text(product.id),
    title: text(product.title),
    handle,
    url: handle ? `${origin}/products/${handle}` : null,
    vendor: text(product.vendor),
    product_type: text(product.product_type),
    tags: asArray(product.tags)
      .map(text)
      .filter((tag) => tag !== null),
    description: htmlToText(multiline(product.body_html)),
    published_at: isoTime(product.published_at),
    created_at: isoTime(product.created_at),
    updated_at: isoTime(product.updated_at),
    price: prices.length === 0 ? null : { min: Math.min(...prices), max: Math.max(...prices) },
    compare_at_price:
      compareAt.length === 0 ? null : { min: Math.min(...compareAt), max: Math.max(...compareAt) },
    available: variants.length === 0 ? null : variants.some((variant) => variant.available === true),
    images: asArray(product.images)
      .map((image) => text(asRecord(image).src))
      .filter((src) => src !== null),
    options: asArray(product.options).map((option) => ({
      name: text(asRecord(option).name),
      values: asArray(asRecord(option).values).map(text),
    })),
    variants,
  };
}
