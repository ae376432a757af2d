import { ApiError } from '../../../errors/api-error.js';
import { jsonLdObjects, parseJsonLd, typesOf } from '../../../extract/metadata/json-ld.js';
import { absoluteUrl, parsePage } from '../shared/markup.js';
import { isPlatformHost, PRODUCT_PATH } from '../shared/storefront.js';
import { asArray, asRecord, type JsonObject, numberOf, text } from '../shared/values.js';
import { definePageTemplate } from '../template.js';

export const JSON_LD_WARNING =
  'storefront-product reads the JSON-LD of the product page: variant stock (inventory_quantity) and compare-at ' +
  'prices are not published there and are null';

export const storefrontProduct = definePageTemplate({
  id: 'storefront-product',
  name: 'Storefront product page',
  description:
    "A product page of a shop on the hosted storefront platform, read from the page's JSON-LD: title, vendor, " +
    'description, images, price range and every variant with its SKU, price and availability. Variant stock and ' +
    'compare-at prices are not in the JSON-LD: they are null, and the response says so in `warnings`.',
  mode: 'entity',
  group: 'page',
  sources: ['https://<store>/products/<handle>'],
  examples: [
    'https://trailgear.myshopify.com/products/trail-runner-4',
    'https://shop.trailgear.test/products/trail-runner-4',
    'https://shop.trailgear.test/collections/shoes/products/trail-runner-4?variant=43123456789012',
  ],
  match(url) {
    if (!PRODUCT_PATH.test(url.pathname)) return null;
    return isPlatformHost(url.hostname) ? 'host' : 'path';
  },
  async extract(ctx, url) {
    const page = await ctx.reader.page(url.href);
    const $ = parsePage(page.body);
    const objects = jsonLdObjects(parseJsonLd($('script[type="application/ld+json"]').toArray()));
    const product =
      objects.find((object) => typesOf(object).includes('ProductGroup')) ??
      objects.find((object) => typesOf(object).includes('Product'));
    if (!product) {
      throw new ApiError(
        'NO_TEMPLATE_MATCH',
        `${page.finalUrl} carries no product JSON-LD: it is not a storefront product page`,
      );
    }
    ctx.warn(JSON_LD_WARNING);
    return { data: productRecord(product, page.finalUrl), fetchedUrl: page.finalUrl };
  },
});

interface VariantRecord {
  id: string | null;
  title: string | null;
  sku: string | null;
  gtin: string | null;
  price: number | null;
  currency: string | null;
  available: boolean | null;
  inventory_quantity: null;
  compare_at_price: null;
  url: string | null;
  image: string | null;
}

/**
 * Two JSON-LD shapes are in use: a ProductGroup with `hasVariant` (the platform's `structured_data`
 * filter) and the older hand-written Product whose `offers` are the variants.
 */
function productRecord(product: JsonObject, pageUrl: string) {
  const grouped = asArray(product.hasVariant);
  const variants: VariantRecord[] =
    grouped.length > 0
      ? grouped.map((entry) => {
          const variant = asRecord(entry);
          return variantRecord(asRecord(listOf(variant.offers)[0]), variant, pageUrl);
        })
      : listOf(product.offers).map((offer) => variantRecord(asRecord(offer), {}, pageUrl));
  const prices = variants.map((variant) => variant.price).filter((price): price is number => price !== null);
  const url = absoluteUrl(text(product.url), pageUrl) ?? pageUrl;
  const availability = variants.map((variant) => variant.available).filter((value) => value !== null);
  return {
    source: 'json-ld',
    id: text(product.productGroupID),
    title: text(product.name),
    handle: PRODUCT_PATH.exec(new URL(url).pathname)?.[1] ?? null,
    url,
    vendor: text(asRecord(product.brand).name) ?? text(product.brand),
    category: text(product.category),
    description: text(product.description),
    images: imagesOf(product, variants),
    price:
      prices.length === 0
        ? null
        : {
            min: Math.min(...prices),
            max: Math.max(...prices),
            currency: variants.find((v) => v.currency)?.currency ?? null,
          },
    available: availability.length === 0 ? null : availability.some(Boolean),
    variants,
  };
}

function variantRecord(offer: JsonObject, variant: JsonObject, pageUrl: string): VariantRecord {
  const url = absoluteUrl(text(offer.url) ?? text(variant['@id']), pageUrl);
  const availability = text(offer.availability);
  return {
    id: url ? new URL(url).searchParams.get('variant') : null,
    title: variantTitle(text(variant.name)),
    sku: text(variant.sku) ?? text(offer.sku),
    gtin: text(variant.gtin) ?? text(offer.gtin),
    price: numberOf(offer.price),
    currency: text(offer.priceCurrency),
    available:
      availability === null ? null : /InStock|LimitedAvailability|PreOrder|OnlineOnly/i.test(availability),
    inventory_quantity: null,
    compare_at_price: null,
    url,
    image: text(variant.image),
  };
}

/** "Trail Runner 4 - 8 / Black" names the variant "8 / Black" once its product's name is taken off. */
function variantTitle(name: string | null): string | null {
  if (name === null) return null;
  const dash = name.lastIndexOf(' - ');
  return dash === -1 ? name : name.slice(dash + 3);
}

/** JSON-LD writes one value or a list of them. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

function imagesOf(product: JsonObject, variants: VariantRecord[]): string[] {
  const urls = listOf(product.image)
    .map((image) => text(image) ?? text(asRecord(image).url))
    .filter((url): url is string => url !== null);
  for (const variant of variants) if (variant.image) urls.push(variant.image);
  return [...new Set(urls)];
}
