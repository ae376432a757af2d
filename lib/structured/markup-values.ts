import type { PageDocument } from '../extract/page-document.js';
import { type Item, microdataItems } from './microdata.js';
import { rdfaProperties } from './rdfa.js';

/**
 * Every value the page's markup states, by source and by normalised name: JSON-LD, microdata,
 * RDFa, Open Graph, then plain meta tags, in that order of trust. A nested value is reachable by
 * its path (`offers.price` as `offersprice`) and by its own name (`price`).
 */
export const MARKUP_SOURCES = ['json-ld', 'microdata', 'rdfa', 'open-graph', 'meta'] as const;
export type MarkupSource = (typeof MARKUP_SOURCES)[number];
export type ValueBag = Map<string, unknown[]>;

export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Types that describe the page's subject come before the site furniture around it. */
const FURNITURE_TYPES =
  /^(WebSite|WebPage|BreadcrumbList|Organization|SiteNavigationElement|ItemList|SearchAction|ImageObject)$/;

export function markupValues(document: PageDocument): Record<MarkupSource, ValueBag> {
  const metadata = document.metadata;
  const jsonLd = newBag();
  for (const entity of rankEntities(topLevelEntities(metadata.json_ld))) addObject(jsonLd, entity, '', 0);
  const microdata = newBag();
  for (const item of rankEntities(microdataItems(document.$, document.baseUrl)))
    addObject(microdata, item, '', 0);
  const rdfa = newBag();
  for (const [name, values] of Object.entries(rdfaProperties(document.$, document.baseUrl))) {
    for (const value of values) push(rdfa, name, value);
  }
  const openGraph = newBag();
  for (const [property, value] of Object.entries(metadata.open_graph)) {
    const name = property.replace(/^(og|article|product|book|profile|music|video):/, '');
    push(openGraph, name, value);
    if (property === 'product:price:amount') push(openGraph, 'price', value);
    if (property === 'product:price:currency') push(openGraph, 'currency', value);
  }
  const meta = newBag();
  const named: [string, unknown][] = [
    ['title', metadata.title],
    ['description', metadata.description],
    ['author', metadata.author],
    ['url', metadata.canonical_url],
    ['canonical_url', metadata.canonical_url],
    ['image', metadata.image],
    ['site_name', metadata.site_name],
    ['published_time', metadata.published_time],
    ['modified_time', metadata.modified_time],
    ['language', metadata.language],
    ['keywords', metadata.keywords.length > 0 ? metadata.keywords : null],
  ];
  for (const [name, value] of named) if (value !== null && value !== undefined) push(meta, name, value);
  for (const [name, value] of Object.entries(metadata.twitter))
    push(meta, name.replace(/^twitter:/, ''), value);
  return { 'json-ld': jsonLd, microdata, rdfa, 'open-graph': openGraph, meta };
}

function newBag(): ValueBag {
  return new Map();
}

function push(bag: ValueBag, name: string, value: unknown): void {
  const key = normaliseName(name);
  if (!key || value === null || value === undefined || value === '') return;
  const list = bag.get(key);
  if (list) list.push(value);
  else bag.set(key, [value]);
}

function addObject(bag: ValueBag, object: Record<string, unknown>, prefix: string, depth: number): void {
  for (const [key, value] of Object.entries(object)) {
    if (key.startsWith('@') && key !== '@type') continue;
    push(bag, `${prefix}${key}`, value);
    if (prefix) push(bag, key, value);
    if (depth < 3 && value && typeof value === 'object') {
      const children = Array.isArray(value)
        ? value.filter((entry) => entry && typeof entry === 'object')
        : [value];
      for (const child of children.slice(0, 5))
        addObject(bag, child as Record<string, unknown>, `${prefix}${key}.`, depth + 1);
    }
  }
}

function topLevelEntities(blocks: unknown[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const take = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(take);
    else if (value && typeof value === 'object') {
      const object = value as Record<string, unknown>;
      if (Array.isArray(object['@graph'])) object['@graph'].forEach(take);
      else out.push(object);
    }
  };
  blocks.forEach(take);
  return out;
}

function rankEntities<T extends Record<string, unknown> | Item>(entities: T[]): T[] {
  const isFurniture = (entity: T) => {
    const type = entity['@type'];
    const types = Array.isArray(type) ? type : [type];
    return types.some((entry) => typeof entry === 'string' && FURNITURE_TYPES.test(entry));
  };
  return [...entities.filter((entity) => !isFurniture(entity)), ...entities.filter(isFurniture)];
}
