import type { CheerioAPI } from 'cheerio/slim';
import { toAbsolute } from '../extract/urls.js';
import { type Element, isElement, textOf } from '../html/dom.js';

/**
 * HTML microdata (WHATWG HTML §5.2): top-level items (`itemscope` without `itemprop`), each a map
 * of `itemprop` names to values, a nested `itemscope` becoming a nested item. Property values
 * follow the spec's element rules: `content` on meta, URLs of a/link/img/…, `datetime` of time,
 * `value` of data/meter, text otherwise.
 */
export type Item = { '@type'?: string } & Record<string, unknown>;

const URL_ATTRIBUTE: Record<string, string> = {
  a: 'href',
  area: 'href',
  link: 'href',
  img: 'src',
  audio: 'src',
  video: 'src',
  source: 'src',
  track: 'src',
  iframe: 'src',
  embed: 'src',
  object: 'data',
};

export function microdataItems($: CheerioAPI, baseUrl: string): Item[] {
  return $('[itemscope]')
    .toArray()
    .filter((el): el is Element => isElement(el) && el.attribs.itemprop === undefined)
    .slice(0, 200)
    .map((el) => readItem(el, baseUrl, 0));
}

function readItem(scope: Element, baseUrl: string, depth: number): Item {
  const item: Item = {};
  const type = scope.attribs.itemtype?.trim().split(/\s+/)[0];
  if (type) item['@type'] = type.replace(/^https?:\/\/schema\.org\//, '');
  const visit = (el: Element) => {
    for (const child of el.children) {
      if (!isElement(child)) continue;
      const names = child.attribs.itemprop?.trim().split(/\s+/).filter(Boolean) ?? [];
      const nested = child.attribs.itemscope !== undefined;
      if (names.length > 0) {
        const value = nested
          ? depth < 8
            ? readItem(child, baseUrl, depth + 1)
            : null
          : propertyValue(child, baseUrl);
        for (const name of names) add(item, name, value);
      }
      // A nested item's own properties belong to it, not to this one.
      if (!nested) visit(child);
    }
  };
  visit(scope);
  return item;
}

function add(item: Item, name: string, value: unknown): void {
  if (value === null || value === '') return;
  const existing = item[name];
  if (existing === undefined) item[name] = value;
  else item[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

function propertyValue(el: Element, baseUrl: string): string | null {
  const tag = el.name;
  if (tag === 'meta') return el.attribs.content?.trim() ?? null;
  const urlAttribute = URL_ATTRIBUTE[tag];
  if (urlAttribute) {
    const raw = el.attribs[urlAttribute];
    return raw ? (toAbsolute(raw, baseUrl) ?? raw) : null;
  }
  if (tag === 'time') return el.attribs.datetime?.trim() || textOf(el) || null;
  if (tag === 'data' || tag === 'meter') return el.attribs.value?.trim() ?? null;
  if (el.attribs.content !== undefined) return el.attribs.content.trim();
  return textOf(el) || null;
}
