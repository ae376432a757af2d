import type { CheerioAPI } from 'cheerio/slim';
import { type AnyNode, isElement, type ParentNode } from '../html/dom.js';

/** Schemes whose URLs name a web resource; everything else is `other` in a link record. */
const WEB_SCHEMES = new Set(['http:', 'https:']);

/**
 * The URL relative links resolve against: an explicit override (extract_links' `base_url`), else the
 * first `<base href>`, else the page URL. A `<base href>` that does not parse is ignored, as browsers do.
 */
export function resolveBaseUrl($: CheerioAPI, pageUrl: string, override?: string): string {
  if (override) return toAbsolute(override, pageUrl) ?? override;
  const baseHref = firstBaseHref($.root()[0])?.trim();
  if (baseHref) {
    const resolved = toAbsolute(baseHref, pageUrl);
    if (resolved) return resolved;
  }
  return pageUrl;
}

/** Elements that wrap or precede a page's content without being any of it. */
const DOCUMENT_WRAPPERS = new Set(['html', 'head', 'body']);
const METADATA_TAGS = new Set(['title', 'meta', 'link', 'style', 'script', 'noscript', 'template', 'base']);

/**
 * The href of the first `<base href>` in document order, as browsers pick it, except that the search
 * stops where content starts: a <base> after the text (user content, a comment widget) would
 * otherwise redirect every link of the page, and the walk stays in the prologue of a 4 MB page.
 * htmlparser2 adds no implied <html> or <head>, so <head> may sit at the root, under <html>, or (for
 * a fragment parsed inside <body>) in the body; all three are walked through.
 */
function firstBaseHref(root: ParentNode): string | undefined {
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text') {
      if (node.data.trim()) return undefined;
      continue;
    }
    if (!isElement(node)) continue;
    if (node.name === 'base' && node.attribs.href !== undefined) return node.attribs.href;
    if (DOCUMENT_WRAPPERS.has(node.name)) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
      continue;
    }
    if (!METADATA_TAGS.has(node.name)) return undefined;
  }
  return undefined;
}

/** Resolves `href` against `base`; null when it cannot be parsed. */
export function toAbsolute(href: string, base: string): string | null {
  const trimmed = href.trim();
  // Without a base only an absolute URL parses, and every one has a scheme and so a colon. Saying
  // no up front spares the thrown TypeError, which cost more than the parse (supplied html with no
  // url has nothing else to resolve against).
  if (!base && !trimmed.includes(':')) return null;
  try {
    return new URL(trimmed, base || undefined).href;
  } catch {
    return null;
  }
}

/** Resolves `href` and keeps it only when it is http(s): what markdown links and image lists accept. */
export function toAbsoluteWebUrl(href: string | undefined, base: string): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (!trimmed || trimmed.startsWith('#')) return null;
  const resolved = toAbsolute(trimmed, base);
  if (!resolved) return null;
  return WEB_SCHEMES.has(resolved.slice(0, resolved.indexOf(':') + 1)) ? resolved : null;
}

/** The scheme of an href as written ("mailto:"), or null when the href is relative. */
export function schemeOf(href: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(href);
  return match ? `${match[1].toLowerCase()}:` : null;
}

export function hostOf(url: string): string | null {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host || null;
  } catch {
    return null;
  }
}

/** Hosts equal once a leading "www." is dropped: how most sites treat their apex and www names. */
export function sameSite(hostA: string, hostB: string): boolean {
  return stripWww(hostA) === stripWww(hostB);
}

export function stripWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/** `host` is `domain` or one of its subdomains. */
export function hostMatchesDomain(host: string, domain: string): boolean {
  const d = domain
    .trim()
    .toLowerCase()
    .replace(/^\*?\./, '');
  const h = host.toLowerCase();
  return h === d || h.endsWith(`.${d}`);
}

/** Where lazy loaders (lazysizes, WP Rocket, jQuery lazyload, theme scripts) keep the real source. */
const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-original', 'data-url', 'data-hi-res-src'];
const LAZY_SOURCE_SETS = ['data-srcset', 'data-lazy-srcset'];

/**
 * Picks the URL a lazy-loading image will show. A lazy loader swaps its data-* source into `src` when
 * the image scrolls into view, so that source wins over whatever `src` holds until then (a data: URI,
 * a spinner, a blurred thumbnail); then `src`; then the widest candidate of a srcset.
 */
export function imageSource(attribs: Record<string, string>): string | undefined {
  for (const name of LAZY_SOURCES) {
    const value = attribs[name]?.trim();
    if (value && !value.startsWith('data:')) return value;
  }
  const src = attribs.src?.trim();
  if (src && !src.startsWith('data:')) return src;
  for (const name of [...LAZY_SOURCE_SETS, 'srcset']) {
    const widest = attribs[name] ? widestCandidate(attribs[name]) : undefined;
    if (widest) return widest;
  }
  return src || undefined;
}

/**
 * The srcset candidate with the largest width or density descriptor (the first on a tie, and a
 * candidate without one counts as 1x). Candidates are split on commas followed by whitespace or on
 * commas after a descriptor, so a URL that holds a comma (image CDNs' `w_640,h_480`) stays whole.
 */
function widestCandidate(srcset: string): string | undefined {
  let best: string | undefined;
  let bestSize = -1;
  for (const candidate of srcset.trim().split(/,\s+|(?<=\s\d+(?:\.\d+)?[wx]),/)) {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    if (!url || url.startsWith('data:')) continue;
    const size = descriptor ? Number.parseFloat(descriptor) : 1;
    const scaled = descriptor?.endsWith('w') ? size : size * 1_000_000;
    if (Number.isFinite(scaled) && scaled > bestSize) {
      best = url;
      bestSize = scaled;
    }
  }
  return best;
}
