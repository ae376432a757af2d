import { hostMatchesDomain, hostOf, sameSite, toAbsoluteWebUrl } from '../extract/urls.js';

/**
 * How a crawler names pages: one spelling per page so the same page is queued once, and a test of
 * whether a URL is worth fetching as a page at all.
 */

/**
 * The URL to visit for `href` found on `base`: absolute http(s), fragment dropped (the WHATWG parser
 * already lower-cases the host and drops a default port). Null for anything else.
 */
export function crawlableUrl(href: string, base?: string): string | null {
  const absolute = base === undefined ? toAbsoluteWebUrl(href, '') : toAbsoluteWebUrl(href, base);
  if (!absolute) return null;
  const url = new URL(absolute);
  url.hash = '';
  return url.href;
}

/** Same page for deduplication: `/docs` and `/docs/` are one page, as extract_links counts them. */
export function crawlKey(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  if (parsed.pathname.length > 1) parsed.pathname = parsed.pathname.replace(/\/+$/, '');
  return parsed.href;
}

/** Extensions that name files rather than pages: listed when found, never fetched by a crawl. */
const FILE_EXTENSIONS = new Set(
  (
    'pdf doc docx xls xlsx ppt pptx odt ods csv zip gz tgz bz2 xz 7z rar tar dmg exe msi apk iso bin ' +
    'jpg jpeg png gif webp svg ico bmp tif tiff avif mp3 mp4 m4a m4v mov avi mkv webm wav ogg flac ' +
    'woff woff2 ttf otf eot css js mjs map json xml rss atom'
  ).split(' '),
);

export function looksLikePage(url: string): boolean {
  const path = new URL(url).pathname;
  const dot = path.lastIndexOf('.');
  if (dot === -1 || dot < path.lastIndexOf('/')) return true;
  return !FILE_EXTENSIONS.has(path.slice(dot + 1).toLowerCase());
}

/** Which links a crawl may follow from `entry`: its site (www ignored), optionally its subdomains too. */
export function siteScope(entry: string, options: { includeSubdomains?: boolean } = {}) {
  const entryHost = hostOf(entry) ?? '';
  const apex = entryHost.replace(/^www\./, '');
  return (url: string): boolean => {
    const host = hostOf(url);
    if (!host) return false;
    if (sameSite(host, entryHost)) return true;
    return options.includeSubdomains === true && hostMatchesDomain(host, apex);
  };
}
