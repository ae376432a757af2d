import type { CheerioAPI } from 'cheerio/slim';
import { type Element, isElement, rawText } from '../html/dom.js';
import { selectAll } from './selector.js';
import { toAbsolute } from './urls.js';

export interface StructuredOptions {
  /** Default false: one record; true: a list of repeating items. */
  multiple?: boolean;
  /** Default true: whitespace collapsed and trimmed. */
  clean_text?: boolean;
  /** Attributes to read from each matched element; URL attributes come back absolute. */
  include_attributes?: string[];
  /** Default 100. */
  max_items?: number;
}

/**
 * A field's value: its text, or null when the selector matched nothing. With `include_attributes`
 * the value is an object carrying the text and each requested attribute (null when absent).
 */
export type FieldValue = string | null | { text: string | null; attributes: Record<string, string | null> };

export type StructuredRecord = Record<string, FieldValue>;

export interface StructuredItems {
  items: StructuredRecord[];
  count: number;
  /** Repeating items found before `max_items` applied. */
  total_found: number;
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'poster', 'cite', 'data-src', 'data-href']);

function fieldValue(el: Element | undefined, baseUrl: string, options: StructuredOptions): FieldValue {
  const attributes = options.include_attributes ?? [];
  let text: string | null = null;
  if (el) {
    const raw = rawText(el);
    text = (options.clean_text ?? true) ? raw.replace(/\s+/g, ' ').trim() : raw;
  }
  if (attributes.length === 0) return text;
  const values: Record<string, string | null> = {};
  for (const name of attributes) {
    const value = el?.attribs[name.toLowerCase()];
    values[name] =
      value === undefined
        ? null
        : URL_ATTRIBUTES.has(name.toLowerCase())
          ? (toAbsolute(value, baseUrl) ?? value)
          : value;
  }
  return { text, attributes: values };
}

function matchAll($: CheerioAPI, selectors: Record<string, string>): Map<string, Element[]> {
  const matches = new Map<string, Element[]>();
  // Every selector is checked before any work, so one bad selector fails the call as a whole.
  for (const [field, selector] of Object.entries(selectors)) matches.set(field, selectAll($, selector));
  return matches;
}

/** Single-record mode: the first match of each selector, null when it matches nothing. */
export function extractRecord(
  $: CheerioAPI,
  selectors: Record<string, string>,
  baseUrl: string,
  options: StructuredOptions = {},
): StructuredRecord {
  const record: StructuredRecord = {};
  for (const [field, found] of matchAll($, selectors)) record[field] = fieldValue(found[0], baseUrl, options);
  return record;
}

/**
 * Multiple mode. The field with the most matches (the first declared on a tie) marks the items; each
 * of its matches gets as container its highest ancestor that holds no other match of that field (the
 * card, row or list item). Every other field takes its first match inside that container, or null.
 * A field none of whose matches falls inside any container (say <dt>/<dd> pairs with no wrapper) is
 * zipped instead: its i-th match goes to item i. Items keep document order, up to `max_items`.
 */
export function extractItems(
  $: CheerioAPI,
  selectors: Record<string, string>,
  baseUrl: string,
  options: StructuredOptions = {},
): StructuredItems {
  const matches = matchAll($, selectors);
  const fields = [...matches.keys()];
  if (fields.length === 0) return { items: [], count: 0, total_found: 0 };
  const primary = fields.reduce((best, field) =>
    matches.get(field)!.length > matches.get(best)!.length ? field : best,
  );
  const primaryMatches = matches.get(primary)!;
  const limit = Math.max(1, Math.min(options.max_items ?? 100, 1000));
  const containers = itemContainers(primaryMatches);
  const itemOf = new Map<Element, number>();
  containers.forEach((container, i) => {
    if (i < limit) itemOf.set(container, i);
  });
  const count = Math.min(primaryMatches.length, limit);
  const assigned: Map<string, (Element | undefined)[]> = new Map();
  for (const field of fields) {
    const slots: (Element | undefined)[] = Array(count).fill(undefined);
    if (field === primary) {
      for (let i = 0; i < count; i++) slots[i] = primaryMatches[i];
    } else {
      const found = matches.get(field)!;
      let placed = 0;
      for (const el of found) {
        const index = containingItem(el, itemOf);
        if (index !== undefined && slots[index] === undefined) {
          slots[index] = el;
          placed++;
        }
      }
      if (placed === 0) for (let i = 0; i < count; i++) slots[i] = found[i];
    }
    assigned.set(field, slots);
  }
  const items: StructuredRecord[] = [];
  for (let i = 0; i < count; i++) {
    const item: StructuredRecord = {};
    for (const field of fields) item[field] = fieldValue(assigned.get(field)![i], baseUrl, options);
    items.push(item);
  }
  return { items, count, total_found: primaryMatches.length };
}

function itemContainers(primaryMatches: Element[]): Element[] {
  const under = new Map<Element, number>();
  for (const match of primaryMatches) {
    for (let node: Element | null = match; node; node = isElement(node.parent) ? node.parent : null) {
      under.set(node, (under.get(node) ?? 0) + 1);
    }
  }
  return primaryMatches.map((match) => {
    let container = match;
    while (isElement(container.parent) && under.get(container.parent) === 1) container = container.parent;
    return container;
  });
}

function containingItem(el: Element, itemOf: Map<Element, number>): number | undefined {
  for (let node: Element | null = el; node; node = isElement(node.parent) ? node.parent : null) {
    const index = itemOf.get(node);
    if (index !== undefined) return index;
  }
  return undefined;
}

/** scrape_structured: one record, or `{items, count, total_found}` with `multiple`. */
export function scrapeStructured(
  $: CheerioAPI,
  selectors: Record<string, string>,
  baseUrl: string,
  options: StructuredOptions = {},
): StructuredRecord | StructuredItems {
  return options.multiple
    ? extractItems($, selectors, baseUrl, options)
    : extractRecord($, selectors, baseUrl, options);
}
