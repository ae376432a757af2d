import type { CheerioAPI } from 'cheerio/slim';
import { selectAll } from '../extract/selector.js';
import { textOf } from '../html/dom.js';
import { MARKUP_SOURCES, type MarkupSource, normaliseName, type ValueBag } from './markup-values.js';

export type FieldSource = MarkupSource | 'selector' | 'model';
type Schema = Record<string, unknown>;

/**
 * Names that mean the same field across vocabularies: a caller's `title` is schema.org's
 * `headline`, a `price` sits in `offers`, a `published_at` is `datePublished` or Open Graph's
 * `published_time`. Keys and names are normalised (lower case, letters and digits only).
 */
const SYNONYMS: Record<string, string[]> = {
  title: ['headline', 'name'],
  name: ['headline', 'title'],
  headline: ['name', 'title'],
  description: ['abstract', 'summary'],
  summary: ['description', 'abstract'],
  image: ['thumbnailurl', 'imageurl'],
  images: ['image', 'imageurl'],
  thumbnail: ['thumbnailurl', 'image'],
  price: ['offersprice', 'lowprice', 'offerslowprice', 'priceamount'],
  currency: ['pricecurrency', 'offerspricecurrency'],
  pricecurrency: ['currency', 'offerspricecurrency'],
  availability: ['offersavailability'],
  author: ['creator', 'authorname'],
  publisher: ['publishername'],
  datepublished: ['publishedtime', 'uploaddate', 'datecreated'],
  publishedat: ['datepublished', 'publishedtime', 'uploaddate'],
  publishdate: ['datepublished', 'publishedtime'],
  published: ['datepublished', 'publishedtime'],
  date: ['datepublished', 'publishedtime', 'startdate'],
  datemodified: ['modifiedtime'],
  updatedat: ['datemodified', 'modifiedtime'],
  url: ['canonicalurl', 'mainentityofpage'],
  rating: ['aggregateratingratingvalue', 'ratingvalue'],
  ratingvalue: ['aggregateratingratingvalue'],
  reviewcount: ['aggregateratingreviewcount', 'aggregateratingratingcount'],
  brand: ['brandname'],
  sku: ['mpn', 'gtin13', 'productid'],
  tags: ['keywords'],
  keywords: ['tags'],
  sitename: ['publishername'],
};

/** A field's selector: CSS alone (text), or with the attribute to read. */
export type FieldSelector = string | { selector: string; attribute?: string };

export interface FillResult {
  extracted: Record<string, unknown>;
  sources: Record<string, FieldSource | null>;
  missing: string[];
}

/**
 * Fills the schema's top-level properties: a caller's selector first, then each markup source in
 * order of trust; the first value that converts to the property's type wins. A field nothing
 * states is null, with source null, and listed as missing.
 */
export function fillFromMarkup(
  schema: Schema,
  bags: Record<MarkupSource, ValueBag>,
  selectors: Record<string, FieldSelector>,
  $: CheerioAPI,
): FillResult {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const extracted: Record<string, unknown> = {};
  const sources: Record<string, FieldSource | null> = {};
  const missing: string[] = [];
  for (const [field, fieldSchema] of Object.entries(properties)) {
    let value: unknown;
    let source: FieldSource | null = null;
    const selector = selectors[field];
    if (selector !== undefined) {
      value = convert(selectedValues($, selector), fieldSchema);
      if (value !== undefined) source = 'selector';
    }
    if (source === null) {
      const names = [normaliseName(field), ...(SYNONYMS[normaliseName(field)] ?? [])];
      for (const markup of MARKUP_SOURCES) {
        value = firstConverted(bags[markup], names, fieldSchema);
        if (value !== undefined) {
          source = markup;
          break;
        }
      }
    }
    extracted[field] = source === null ? null : value;
    sources[field] = source;
    if (source === null) missing.push(field);
  }
  return { extracted, sources, missing };
}

function firstConverted(bag: ValueBag, names: string[], schema: Schema): unknown {
  for (const name of names) {
    for (const candidate of bag.get(name) ?? []) {
      const value = convert(candidate, schema);
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

function selectedValues($: CheerioAPI, selector: FieldSelector): unknown {
  const { selector: css, attribute } =
    typeof selector === 'string' ? { selector, attribute: undefined } : selector;
  const values = selectAll($, css)
    .map((el) => (attribute ? (el.attribs[attribute.toLowerCase()] ?? '') : textOf(el)).trim())
    .filter(Boolean);
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
}

/** A stated value as the schema's type, or undefined when it cannot be one. */
export function convert(value: unknown, schema: Schema): unknown {
  if (value === undefined || value === null) return undefined;
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const text = asText(value);
      if (text === undefined) return undefined;
      return Array.isArray(schema.enum) && !schema.enum.includes(text) ? undefined : text;
    }
    case 'number':
    case 'integer': {
      const number = asNumber(value);
      if (number === undefined || (type === 'integer' && !Number.isInteger(number))) return undefined;
      return number;
    }
    case 'boolean': {
      const text = asText(value)?.toLowerCase();
      return text === 'true' || text === 'yes' ? true : text === 'false' || text === 'no' ? false : undefined;
    }
    case 'array': {
      const items = (schema.items ?? {}) as Schema;
      const list = Array.isArray(value)
        ? value
        : typeof value === 'string' && /,/.test(value) && items.type === 'string'
          ? value.split(/\s*,\s*/)
          : [value];
      const converted = list.map((entry) => convert(entry, items)).filter((entry) => entry !== undefined);
      return converted.length > 0 ? converted : undefined;
    }
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
      const source = value as Record<string, unknown>;
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const keys = new Map(Object.keys(source).map((key) => [normaliseName(key), key]));
      const out: Record<string, unknown> = {};
      for (const [field, fieldSchema] of Object.entries(properties)) {
        const key = [normaliseName(field), ...(SYNONYMS[normaliseName(field)] ?? [])]
          .map((name) => keys.get(name))
          .find(Boolean);
        const converted = key === undefined ? undefined : convert(source[key], fieldSchema);
        if (converted !== undefined) out[field] = converted;
      }
      return Object.keys(out).length > 0 ? out : undefined;
    }
    default:
      return asText(value) ?? (typeof value === 'object' ? value : undefined);
  }
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length > 0 ? asText(value[0]) : undefined;
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return asText(object['@value'] ?? object.name ?? object.url ?? object['@id']);
  }
  return undefined;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const text = asText(value);
  if (!text) return undefined;
  // "1,299.00", "€ 49,90" (a lone comma before two digits is a decimal comma), "4.5 out of 5".
  const match = /-?\d[\d.,\s]*/.exec(text)?.[0].replace(/\s/g, '').replace(/[.,]$/, '');
  if (!match) return undefined;
  const decimalComma = /^\d{1,3}(\.\d{3})*,\d{1,2}$/.test(match) || /^\d+,\d{1,2}$/.test(match);
  const normalised = decimalComma ? match.replace(/\./g, '').replace(',', '.') : match.replace(/,/g, '');
  const number = Number(normalised);
  return Number.isFinite(number) ? number : undefined;
}
