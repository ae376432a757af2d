import { gunzipSync } from 'node:zlib';
import { isElement } from '../html/dom.js';
import { loadMarkup } from '../html/markup-parser.js';

export interface ParsedSitemap {
  /** `urlset` lists pages, `index` lists further sitemaps; `text` is the one-URL-per-line form. */
  kind: 'urlset' | 'index' | 'text' | 'unknown';
  /** The `<loc>` values (or lines) in document order, as written. */
  locations: string[];
}

/** The sitemaps protocol's own ceiling for one file, uncompressed; past it the rest is not read. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

/**
 * The bytes of a sitemap as served: gzip (`.xml.gz`, sent as application/gzip or with no coding at
 * all) is recognised by its magic number, so it reads the same whatever the server called it.
 * Inflating stops at the protocol's 50 MB, so a gzip bomb costs at most that.
 */
export function sitemapText(raw: Uint8Array): string {
  const bytes = raw[0] === 0x1f && raw[1] === 0x8b ? inflateCapped(raw) : raw;
  return new TextDecoder('utf-8').decode(bytes);
}

function inflateCapped(raw: Uint8Array): Uint8Array {
  try {
    return gunzipSync(raw, { maxOutputLength: MAX_SITEMAP_BYTES });
  } catch {
    // Corrupt or over the cap: nothing trustworthy to read.
    return new Uint8Array();
  }
}

/** Reads the XML forms (`<urlset>`, `<sitemapindex>`, with or without a namespace prefix) and the text form. */
export function parseSitemap(text: string): ParsedSitemap {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed.startsWith('<')) {
    const locations = trimmed
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .filter((line) => /^https?:\/\//i.test(line));
    return { kind: locations.length > 0 ? 'text' : 'unknown', locations };
  }
  const $ = loadMarkup(trimmed, { xml: true });
  const root = $.root()
    .children()
    .toArray()
    .find((node) => isElement(node));
  const rootName = root ? localName(root.name) : '';
  const kind = rootName === 'urlset' ? 'urlset' : rootName === 'sitemapindex' ? 'index' : 'unknown';
  if (kind === 'unknown') return { kind, locations: [] };
  const entryName = kind === 'urlset' ? 'url' : 'sitemap';
  const locations: string[] = [];
  for (const entry of $(root).children().toArray()) {
    if (!isElement(entry) || localName(entry.name) !== entryName) continue;
    const loc = entry.children.find((child) => isElement(child) && localName(child.name) === 'loc');
    const value = loc ? $(loc).text().trim() : '';
    if (value) locations.push(value);
  }
  return { kind, locations };
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return (colon === -1 ? name : name.slice(colon + 1)).toLowerCase();
}
