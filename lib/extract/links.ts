import type { CheerioAPI } from 'cheerio/slim';
import { type Element, textOf, walkElements } from '../html/dom.js';
import { hostMatchesDomain, hostOf, sameSite, schemeOf, toAbsolute } from './urls.js';

/**
 * How a link is typed (one type per link, so the statistics add up to `total_links`):
 * - `anchor`: the href as written is a fragment only ("#section").
 * - `other`: a non-web scheme (mailto:, tel:, javascript:, data:, ftp:…) or an href that cannot be
 *   resolved. `href` keeps mailto:/tel: as written and is null for the rest (docs/reference/pages.md#extract_links).
 * - `relative`: written relative to the page ("/about", "../x", "?page=2"), resolved against
 *   `base_url`, else `<base href>`, else the page URL. With none of the three (an `html` fragment sent
 *   alone) there is nothing to resolve against: the link stays `relative` with `href` and `domain` null.
 * - `internal` / `external`: written absolute (or protocol-relative "//host/x"), typed by whether the
 *   resolved host is the page's host, a leading "www." ignored on both sides.
 * `include_internal` / `include_external` / `filter_external` filter web links (relative ones
 * included) by that same host test on the resolved URL, because a relative link is an internal one
 * written short; anchors follow `include_anchors` only, and `other` links and unresolvable relative
 * ones are kept unless `filter_domains` is set (they have no host to match).
 */
export type LinkType = 'internal' | 'external' | 'anchor' | 'other' | 'relative';

export interface LinkRecord {
  href: string | null;
  text: string;
  type: LinkType;
  /** Host of the resolved URL, lower-cased; null for `other`. */
  domain: string | null;
  rel: string | null;
  original_href: string;
  /** Present only with `include_metadata`. */
  title?: string | null;
}

export interface LinkOptions {
  include_internal?: boolean;
  include_external?: boolean;
  /** true equals include_internal: false and overrides it (docs/reference/pages.md#extract_links). */
  filter_external?: boolean;
  /** Keep links whose host is one of these domains or a subdomain of one. */
  filter_domains?: string[];
  include_anchors?: boolean;
  deduplicate?: boolean;
  include_metadata?: boolean;
}

export interface LinkStatistics {
  total_links: number;
  internal_links: number;
  external_links: number;
  anchor_links: number;
  relative_links: number;
  other_links: number;
  unique_domains: number;
}

export interface LinkExtraction {
  links: LinkRecord[];
  /** Over the returned links (after filtering and deduplication). */
  statistics: LinkStatistics;
  /** Domain to number of returned links, with `include_metadata`. */
  domains?: Record<string, number>;
  base_url: string;
}

interface Classification {
  href: string | null;
  type: LinkType;
  domain: string | null;
  /** The resolved host is the page's site; null for anchors and links without a web host. */
  internal: boolean | null;
}

function classify(original: string, baseUrl: string, pageHost: string | null): Classification {
  if (original.startsWith('#')) {
    // A fragment resolves against the base URL like any href (browsers do the same), so under a
    // foreign <base href> it points at that document: `domain` follows the href, not the page.
    const href = toAbsolute(original, baseUrl);
    return { href, type: 'anchor', domain: (href && hostOf(href)) ?? pageHost, internal: null };
  }
  const scheme = schemeOf(original);
  if (scheme && scheme !== 'http:' && scheme !== 'https:') {
    const keep = scheme === 'mailto:' || scheme === 'tel:';
    return { href: keep ? original : null, type: 'other', domain: null, internal: null };
  }
  const relative = !scheme && !original.startsWith('//');
  const resolved = toAbsolute(original, baseUrl);
  const host = resolved ? hostOf(resolved) : null;
  if (!resolved || !host) {
    return { href: null, type: relative && !baseUrl ? 'relative' : 'other', domain: null, internal: null };
  }
  const internal = pageHost !== null && sameSite(host, pageHost);
  return {
    href: resolved,
    type: relative ? 'relative' : internal ? 'internal' : 'external',
    domain: host,
    internal,
  };
}

/** A logo or icon link has no text of its own: its accessible name is what a reader would be told. */
function linkText(el: Element, text: string): string {
  if (text) return text;
  const label = (el.attribs['aria-label'] ?? el.attribs.title ?? '').trim();
  if (label) return label;
  let alt = '';
  walkElements(el, (child) => {
    if (alt) return false;
    if (child.name === 'img') alt = (child.attribs.alt ?? '').trim();
    return true;
  });
  return alt;
}

/** Same destination for deduplication: fragment and trailing slash ignored; anchors by their fragment. */
function dedupeKey(record: LinkRecord): string {
  if (record.type === 'anchor') return `#${record.original_href}`;
  if (!record.href) return `?${record.original_href}`;
  return record.href.replace(/#.*$/, '').replace(/\/+$/, '');
}

/** Every `<a href>` of the page as a docs/reference/pages.md#extract_links link record, filtered, deduplicated and counted. */
export function extractLinks(
  $: CheerioAPI,
  pageUrl: string,
  baseUrl: string,
  options: LinkOptions = {},
  within?: Element,
): LinkExtraction {
  const includeInternal = options.filter_external ? false : (options.include_internal ?? true);
  const includeExternal = options.include_external ?? true;
  const includeAnchors = options.include_anchors ?? false;
  const deduplicate = options.deduplicate ?? true;
  const includeMetadata = options.include_metadata ?? true;
  const domainFilter = options.filter_domains?.filter((d) => d.trim()) ?? [];
  const pageHost = hostOf(pageUrl);
  const seen = new Set<string>();
  const links: LinkRecord[] = [];

  const anchors = within ? $(within).find('a[href]') : $('a[href]');
  for (const el of anchors.toArray()) {
    const original = el.attribs.href.trim();
    if (!original) continue;
    const { href, type, domain, internal } = classify(original, baseUrl, pageHost);
    if (type === 'anchor' && !includeAnchors) continue;
    if (internal === true && !includeInternal) continue;
    if (internal === false && !includeExternal) continue;
    if (domainFilter.length > 0 && !(domain && domainFilter.some((d) => hostMatchesDomain(domain, d))))
      continue;
    const record: LinkRecord = {
      href,
      text: linkText(el, textOf(el)),
      type,
      domain,
      rel: el.attribs.rel?.trim() || null,
      original_href: original,
    };
    if (includeMetadata) record.title = el.attribs.title?.trim() || null;
    if (deduplicate) {
      const key = dedupeKey(record);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    links.push(record);
  }

  const result: LinkExtraction = { links, statistics: linkStatistics(links), base_url: baseUrl };
  if (includeMetadata) result.domains = domainCounts(links);
  return result;
}

export function linkStatistics(links: LinkRecord[]): LinkStatistics {
  const count = (type: LinkType) => links.filter((link) => link.type === type).length;
  return {
    total_links: links.length,
    internal_links: count('internal'),
    external_links: count('external'),
    anchor_links: count('anchor'),
    relative_links: count('relative'),
    other_links: count('other'),
    unique_domains: new Set(links.map((link) => link.domain).filter(Boolean)).size,
  };
}

function domainCounts(links: LinkRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const link of links) if (link.domain) counts[link.domain] = (counts[link.domain] ?? 0) + 1;
  return counts;
}
