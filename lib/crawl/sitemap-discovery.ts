import { fetchPage } from '../fetch/fetch-page.js';
import type { FetchEnvironment } from '../fetch/types.js';
import { crawlableUrl, crawlKey } from './crawl-url.js';
import type { Deadline } from './deadline.js';
import { parseSitemap, sitemapText } from './sitemap-xml.js';

/** docs/reference/sites-batches-documents.md#map_site. */
export const MAX_SITEMAP_URLS = 500;
export const MAX_CHILD_SITEMAPS = 3;
/** robots.txt may name many sitemaps; this many top-level files are read at most. */
const MAX_TOP_LEVEL_SITEMAPS = 3;
const SITEMAP_FETCH_CAP_MS = 8_000;

export interface SitemapDiscovery {
  /** Page URLs in sitemap order, deduplicated, those the scope refuses left out. */
  urls: string[];
  /** Sitemap files read, top level first. */
  sitemapsRead: string[];
  /** The 500-URL cap or the child-sitemap cap left URLs unread. */
  truncated: boolean;
}

export interface SitemapOptions {
  origin: string;
  /** `Sitemap:` lines of robots.txt; `/sitemap.xml` is tried after them. */
  robotsSitemaps: string[];
  /** Page URLs the caller may list (the site's own host; the protocol forbids others). */
  inScope: (url: string) => boolean;
  deadline: Deadline;
  respectRobots: boolean;
  maxUrls?: number;
  /**
   * Whether a listed page may be reported (robots.txt's verdict): a page it refuses does not take one
   * of the 500 places, so a site that lists 600 URLs with one disallowed still maps 500.
   */
  admit?: (url: string) => Promise<boolean>;
}

/**
 * Page URLs from the site's sitemaps: the ones robots.txt names and `/sitemap.xml`, following a
 * sitemap index into at most three child sitemaps, at most 500 URLs. A sitemap that is missing,
 * unreadable or disallowed is passed over: a site map falls back to crawling, not to an error.
 */
export async function discoverSitemapUrls(
  env: FetchEnvironment,
  options: SitemapOptions,
): Promise<SitemapDiscovery> {
  const maxUrls = options.maxUrls ?? MAX_SITEMAP_URLS;
  const topLevel = unique([...options.robotsSitemaps, new URL('/sitemap.xml', options.origin).href]).slice(
    0,
    MAX_TOP_LEVEL_SITEMAPS,
  );
  const children: string[] = [];
  const seenPages = new Set<string>();
  const result: SitemapDiscovery = { urls: [], sitemapsRead: [], truncated: false };

  const addPages = async (locations: string[]) => {
    for (const location of locations) {
      const url = crawlableUrl(location);
      if (!url || !options.inScope(url)) continue;
      const key = crawlKey(url);
      if (seenPages.has(key)) continue;
      seenPages.add(key);
      if (options.admit && !(await options.admit(url))) continue;
      if (result.urls.length >= maxUrls) {
        result.truncated = true;
        return;
      }
      result.urls.push(url);
    }
  };

  for (const sitemapUrl of topLevel) {
    const parsed = await readSitemap(env, sitemapUrl, options);
    if (!parsed) continue;
    result.sitemapsRead.push(sitemapUrl);
    if (parsed.kind === 'index') children.push(...parsed.locations);
    else await addPages(parsed.locations);
  }
  const childQueue = unique(children).filter((url) => !result.sitemapsRead.includes(url));
  if (childQueue.length > MAX_CHILD_SITEMAPS) result.truncated = true;
  for (const childUrl of childQueue.slice(0, MAX_CHILD_SITEMAPS)) {
    if (result.urls.length >= maxUrls) break;
    const parsed = await readSitemap(env, childUrl, options);
    if (!parsed) continue;
    result.sitemapsRead.push(childUrl);
    // An index inside an index goes no deeper: the protocol allows one level.
    if (parsed.kind !== 'index') await addPages(parsed.locations);
  }
  return result;
}

async function readSitemap(env: FetchEnvironment, url: string, options: SitemapOptions) {
  const timeoutMs = options.deadline.fetchTimeout(SITEMAP_FETCH_CAP_MS);
  if (timeoutMs <= 0 || !/^https?:/i.test(url)) return null;
  try {
    const page = await fetchPage(env, url, {
      timeoutMs,
      respectRobots: options.respectRobots,
      readAs: 'bytes',
      headers: { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' },
    });
    if (page.status < 200 || page.status > 299 || !page.raw) return null;
    const parsed = parseSitemap(sitemapText(page.raw));
    return parsed.kind === 'unknown' ? null : parsed;
  } catch (error) {
    // The caller going away ends the crawl; anything about this one file only skips it.
    if (env.signal?.aborted) throw error;
    return null;
  }
}

function unique(urls: string[]): string[] {
  return [...new Set(urls)];
}
