import type { CheerioAPI } from 'cheerio/slim';
import { ApiError } from '../../../errors/api-error.js';
import { allTexts, blockText, firstAttr, firstText, parsePage } from '../shared/markup.js';
import { parseMoney } from '../shared/money.js';
import { countOf, numberOf } from '../shared/values.js';
import { definePageTemplate } from '../template.js';

const MARKETPLACE_HOST =
  /(^|\.)amazon\.(com|ca|com\.mx|com\.br|co\.uk|de|fr|it|es|nl|se|pl|com\.be|com\.tr|ae|sa|eg|in|sg|com\.au|co\.jp)$/;
const PRODUCT_PATH = /\/(?:dp|gp\/product|gp\/aw\/d|product-reviews)\/([A-Z0-9]{10})(?:[/?]|$)/i;

export const marketplaceProduct = definePageTemplate({
  id: 'marketplace-product',
  name: 'Marketplace product page',
  description:
    'A product page of the largest online marketplace: title, brand, price and list price, rating and rating count, ' +
    'availability, seller, feature bullets, description, images, category path and the detail tables.',
  mode: 'entity',
  group: 'page',
  sources: ['https://www.amazon.<tld>/dp/<asin>', 'https://www.amazon.<tld>/<slug>/dp/<asin>'],
  examples: [
    'https://www.amazon.com/dp/B0C8PRGQ9M',
    'https://www.amazon.com/Anker-Portable-Charger-10000mAh-Charging/dp/B0C8PRGQ9M/ref=sr_1_3',
    'https://www.amazon.co.uk/gp/product/B0C8PRGQ9M',
  ],
  match: (url) =>
    MARKETPLACE_HOST.test(url.hostname.toLowerCase()) && PRODUCT_PATH.test(url.pathname) ? 'host' : null,
  async extract(ctx, url) {
    const page = await ctx.reader.page(url.href);
    const $ = parsePage(page.body);
    const title = firstText($, '#productTitle') ?? firstText($, '#title');
    if (title === null) {
      throw new ApiError(
        'NO_TEMPLATE_MATCH',
        `${page.finalUrl} is not a marketplace product page: it has no product title`,
      );
    }
    const host = new URL(page.finalUrl).hostname;
    const details = detailTables($);
    const rating = firstAttr($, '#acrPopover', 'title') ?? firstText($, '#acrPopover .a-icon-alt');
    const availability = firstText($, '#availability');
    return {
      data: {
        asin:
          firstAttr($, 'input#ASIN', 'value') ??
          firstAttr($, '#averageCustomerReviews', 'data-asin') ??
          PRODUCT_PATH.exec(url.pathname)?.[1] ??
          null,
        title,
        brand: brandOf(firstText($, '#bylineInfo')) ?? details.Brand ?? null,
        url: firstAttr($, 'link[rel="canonical"]', 'href') ?? page.finalUrl,
        price: parseMoney(
          firstText($, '#corePriceDisplay_desktop_feature_div .priceToPay .a-offscreen') ??
            firstText($, '#corePrice_feature_div .a-price .a-offscreen') ??
            firstText($, '#priceblock_ourprice') ??
            firstText($, '#priceblock_dealprice'),
          host,
        ),
        list_price: parseMoney(
          firstText($, '#corePriceDisplay_desktop_feature_div .basisPrice .a-offscreen'),
          host,
        ),
        rating:
          rating === null ? null : numberOf(/(\d+(?:[.,]\d+)?)/.exec(rating)?.[1]?.replace(',', '.') ?? null),
        ratings_count: countOf(firstText($, '#acrCustomerReviewText')),
        availability,
        in_stock:
          availability === null
            ? null
            : /in stock|only \d+ left|auf lager|en stock|disponibile/i.test(availability),
        seller: firstText($, '#sellerProfileTriggerId') ?? firstText($, '#merchant-info a'),
        features: allTexts($, '#feature-bullets ul li span.a-list-item'),
        description: blockText($('#productDescription'), page.finalUrl),
        images: imagesOf($),
        categories: allTexts($, '#wayfinding-breadcrumbs_feature_div ul li:not(.a-breadcrumb-divider) a'),
        details,
      },
      fetchedUrl: page.finalUrl,
    };
  },
});

/** "Visit the Anker Store" and "Brand: Anker" name the brand. */
function brandOf(byline: string | null): string | null {
  if (byline === null) return null;
  const visit = /^Visit the (.+) Store$/i.exec(byline);
  if (visit) return visit[1];
  const labelled = /^Brand:\s*(.+)$/i.exec(byline);
  return labelled ? labelled[1] : byline;
}

/** The gallery the page script carries (`"hiRes"` per image), else the main image's own sizes. */
function imagesOf($: CheerioAPI): string[] {
  const found = new Set<string>();
  for (const script of $('script:not([src])').toArray()) {
    const source = $(script).text();
    if (!source.includes('colorImages')) continue;
    for (const match of source.matchAll(/"hiRes":"(https:[^"]+)"/g)) found.add(match[1]);
    if (found.size > 0) break;
  }
  if (found.size > 0) return [...found];
  const hires = firstAttr($, '#landingImage', 'data-old-hires');
  if (hires) return [hires];
  const dynamic = firstAttr($, '#landingImage', 'data-a-dynamic-image');
  try {
    return dynamic ? Object.keys(JSON.parse(dynamic) as Record<string, unknown>).slice(-1) : [];
  } catch {
    return [];
  }
}

/** The tech-spec and detail tables (and the older detail bullets), name to value, marks stripped. */
function detailTables($: CheerioAPI): Record<string, string> {
  const details: Record<string, string> = {};
  const clean = (value: string) =>
    value
      .replace(/[\u200e\u200f]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  for (const row of $('table.prodDetTable tr').toArray()) {
    const name = clean($(row).find('th').first().text());
    const value = clean($(row).find('td').first().text());
    if (name && value) details[name] = value;
  }
  for (const item of $('#detailBullets_feature_div li').toArray()) {
    const label = $(item).find('.a-text-bold').first();
    const name = clean(label.text()).replace(/\s*:$/, '');
    const value = clean(label.next().text());
    if (name && value) details[name] = value;
  }
  return details;
}
