import { siteScope } from '../../crawl/crawl-url.js';
import { crawlSite } from '../../crawl/crawler.js';
import type { Deadline } from '../../crawl/deadline.js';
import { ApiError } from '../../errors/api-error.js';
import type { FetchEnvironment } from '../../fetch/types.js';
import type { ToolContext } from '../define.js';
import { type MapSiteData, warnDisallowed } from './result.js';
import type { MapSiteInput } from './schema.js';

/** docs/reference/sites-batches-documents.md#limits: 30 crawled pages. */
export const MAX_CRAWLED_PAGES = 30;
const CONCURRENCY = 4;
const PAGE_TIMEOUT_CAP_MS = 10_000;

/**
 * Crawl mode: breadth-first from the entry page over its own site. `pages` are the pages visited that
 * answered 2xx; `sitemap` maps each to its links; the link counts cover every unique link found, the
 * ones not visited included. The entry page must answer 2xx (else 502 TARGET_HTTP_ERROR) with HTML
 * (else 422 NO_PAGES_MAPPED: there is nothing to map).
 */
export async function crawlMap(
  env: FetchEnvironment,
  ctx: ToolContext,
  input: MapSiteInput,
  deadline: Deadline,
): Promise<MapSiteData> {
  const internal = siteScope(input.url);
  const report = await crawlSite(env, {
    entry: input.url,
    maxDepth: input.max_depth,
    maxPages: MAX_CRAWLED_PAGES,
    deadline,
    concurrency: CONCURRENCY,
    pageTimeoutCapMs: PAGE_TIMEOUT_CAP_MS,
    respectRobots: input.respect_robots,
    follow: internal,
  });
  const entry = report.pages[0];
  if (entry.status !== null && (entry.status < 200 || entry.status > 299)) {
    throw new ApiError('TARGET_HTTP_ERROR', `Target answered HTTP ${entry.status}`, {
      extra: { http_status: entry.status },
    });
  }
  if (entry.kind !== 'html' && entry.kind !== 'xml') {
    throw new ApiError(
      'NO_PAGES_MAPPED',
      `No sitemap lists a page and ${entry.finalUrl} is not an HTML page (${entry.kind ?? 'no body'}): nothing to map`,
    );
  }

  const pages: string[] = [];
  const sitemap: Record<string, string[]> = {};
  const internalLinks = new Set<string>();
  const externalLinks = new Set<string>();
  for (const page of report.pages) {
    if (page.status === null || page.status < 200 || page.status > 299) continue;
    if (sitemap[page.finalUrl]) continue;
    const listed = page.links.filter((link) => internal(link) || input.include_external);
    for (const link of page.links) (internal(link) ? internalLinks : externalLinks).add(link);
    pages.push(page.finalUrl);
    sitemap[page.finalUrl] = listed;
  }

  warnDisallowed(ctx, report.disallowed.length, input.respect_robots);
  if (report.stoppedBy) {
    const why =
      report.stoppedBy === 'page_limit'
        ? `the ${MAX_CRAWLED_PAGES}-page limit`
        : `the ${deadline.budgetMs} ms time budget`;
    ctx.warn(`Crawl stopped at ${why}; ${report.notReached.length} queued URLs were not visited`);
  }
  return {
    base_url: new URL(input.url).origin,
    source: 'crawl',
    total_pages: pages.length,
    internal_links: internalLinks.size,
    external_links: input.include_external ? externalLinks.size : 0,
    pages,
    max_depth_reached: report.maxDepthReached,
    sitemap,
  };
}
