import type { CheerioAPI } from 'cheerio/slim';
import { toAbsolute } from '../extract/urls.js';
import { type Element, isElement, textOf } from '../html/dom.js';

/**
 * RDFa Lite properties (`property` attributes) outside Open Graph's own prefixes, which the Open
 * Graph reader takes. A name loses its prefix or vocabulary IRI (`schema:name`,
 * `http://schema.org/name` → `name`); the value is `content`, then a URL attribute, then the text.
 */
const OPEN_GRAPH_PREFIXES = /^(og|article|book|profile|product|music|video|fb|twitter):/i;

export function rdfaProperties($: CheerioAPI, baseUrl: string): Record<string, unknown[]> {
  const properties: Record<string, unknown[]> = {};
  for (const el of $('[property]').toArray()) {
    if (!isElement(el)) continue;
    for (const raw of (el.attribs.property ?? '').trim().split(/\s+/)) {
      if (!raw || OPEN_GRAPH_PREFIXES.test(raw)) continue;
      const name = raw.replace(/^.*[/#:]/, '');
      const value = rdfaValue(el, baseUrl);
      if (!name || !value) continue;
      properties[name] ??= [];
      properties[name].push(value);
    }
  }
  return properties;
}

function rdfaValue(el: Element, baseUrl: string): string | null {
  if (el.attribs.content !== undefined) return el.attribs.content.trim() || null;
  for (const name of ['href', 'src', 'resource']) {
    const raw = el.attribs[name];
    if (raw) return toAbsolute(raw, baseUrl) ?? raw;
  }
  if (el.attribs.datetime) return el.attribs.datetime.trim();
  return textOf(el) || null;
}
