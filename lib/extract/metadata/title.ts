/**
 * The page's own title without the site's name: `<title>` and og:title usually carry it as a
 * suffix or prefix ("How to bleed a radiator | Acme Plumbing", "Acme — How to…"), which callers
 * and annotators alike leave out. Only a segment that names the site is removed: it equals the
 * declared site name, or it is a short name built on the domain's. A segment that merely differs
 * from the <h1> is kept: "Café de la Gare – Carte" names the page, not the site.
 */

/** Spaced separators: " | ", " - ", " – ", " — ", " • ", " · ", " » ", " / ", " :: ". */
const SEPARATOR = /(\s+[|\-–—•·»/~]\s+|\s+::\s+|\s*\|\s*)/;

export interface TitleSources {
  title: string | null;
  /** og:site_name, the publisher's name, application-name: what the site calls itself. */
  siteName: string | null;
  /** The page's address, for the name in its domain; null for supplied HTML with no address. */
  url: string | null;
}

const squash = (text: string) =>
  text
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Second-level labels under which the name sits one label further left (example.co.uk). */
const GENERIC_LABELS = new Set(['co', 'com', 'org', 'net', 'gov', 'ac', 'edu', 'or', 'ne', 'go']);

function domainName(url: string | null): string | null {
  if (!url) return null;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  const labels = host.split('.').filter(Boolean);
  if (labels.length < 2 || /^[\d.]+$|:/.test(host)) return null;
  labels.pop();
  if (labels.length >= 2 && GENERIC_LABELS.has(labels[labels.length - 1])) labels.pop();
  return labels[labels.length - 1] ?? null;
}

function namesSite(segment: string, siteName: string | null, domain: string | null): boolean {
  const flat = squash(segment);
  if (flat === '') return false;
  if (siteName && flat === squash(siteName)) return true;
  // "Slashdot" on slashdot.org, "FullStack Blog" on fullstack.com: short and built on the domain.
  return domain !== null && domain.length >= 3 && wordsOf(segment).length <= 3 && flat.startsWith(domain);
}

export function pageTitle(sources: TitleSources): string | null {
  const raw = sources.title?.replace(/\s+/g, ' ').trim();
  if (!raw) return null;
  const parts = raw.split(SEPARATOR);
  // parts alternate: segment, separator, segment, …
  if (parts.length < 3) return raw;
  const domain = domainName(sources.url);
  let segments = parts;
  let changed = true;
  while (changed && segments.length >= 3) {
    changed = false;
    if (namesSite(segments[segments.length - 1], sources.siteName, domain)) {
      segments = segments.slice(0, -2);
      changed = true;
    } else if (namesSite(segments[0], sources.siteName, domain)) {
      segments = segments.slice(2);
      changed = true;
    }
  }
  return segments.join('').trim() || raw;
}
