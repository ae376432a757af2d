import { siteScope } from '../../crawl/crawl-url.js';
import { Deadline } from '../../crawl/deadline.js';
import { gateEntryUrl, recordEntryOverride } from '../../crawl/entry-gate.js';
import { HostPoliteness } from '../../crawl/politeness.js';
import { readRobotsFile } from '../../crawl/robots-file.js';
import { discoverSitemapUrls } from '../../crawl/sitemap-discovery.js';
import type { FetchEnvironment } from '../../fetch/types.js';
import { defineTool, type ToolContext } from '../define.js';
import { fetchEnvironment } from '../shared/fetch-for-tool.js';
import { crawlMap } from './crawl-map.js';
import { type MapSiteData, warnDisallowed } from './result.js';
import { mapSiteResult } from './result-schema.js';
import { MAP_BUDGET_MS, type MapSiteInput, mapSiteSchema } from './schema.js';

export const mapSiteTool = defineTool({
  name: 'map_site',
  kind: 'sites',
  summary: "A site's page URLs, from its sitemaps or a breadth-first crawl.",
  description:
    'Reads the sitemaps robots.txt names and /sitemap.xml (gzip too; an index is followed into at most 3 ' +
    'child sitemaps; at most 500 URLs). Without a usable sitemap it crawls breadth-first from `url`, up to ' +
    '30 pages and `max_depth` links deep within about 18 s, and returns each page with its links in `sitemap`. ' +
    "URLs robots.txt disallows are left out and counted in `warnings`; only the entry URL's own refusal is a 403.",
  price: 2,
  basePrice: 2,
  schema: mapSiteSchema,
  result: mapSiteResult,
  example: { url: 'https://docs.example.com', max_depth: 2 },
  async run(ctx, input): Promise<{ data: MapSiteData }> {
    const env = fetchEnvironment(ctx);
    const deadline = new Deadline(Math.min(input.timeout, MAP_BUDGET_MS));
    const { overridden } = await gateEntryUrl(env, input.url, input.respect_robots);
    const fromSitemap = await sitemapMap(env, ctx, input, deadline);
    if (fromSitemap) {
      if (overridden) await recordEntryOverride(env, input.url);
      return { data: fromSitemap };
    }
    return { data: await crawlMap(env, ctx, input, deadline) };
  },
  keepWhenStored: (data) => ({
    base_url: data.base_url,
    source: data.source,
    total_pages: data.total_pages,
    internal_links: data.internal_links,
    external_links: data.external_links,
    max_depth_reached: data.max_depth_reached,
  }),
});

/** Sitemap mode, or null when no sitemap lists a page this call may report. */
async function sitemapMap(
  env: FetchEnvironment,
  ctx: ToolContext,
  input: MapSiteInput,
  deadline: Deadline,
): Promise<MapSiteData | null> {
  const origin = new URL(input.url).origin;
  const robotsFile = await readRobotsFile(env, origin);
  const politeness = new HostPoliteness(env);
  let disallowed = 0;
  const discovery = await discoverSitemapUrls(env, {
    origin,
    robotsSitemaps: robotsFile.sitemaps,
    inScope: siteScope(input.url),
    deadline,
    respectRobots: input.respect_robots,
    // Filtered before the 500-URL cap, so a refused URL never costs a listed one its place.
    admit: async (url) => {
      const verdict = await politeness.verdict(url);
      if (!verdict.allowed) disallowed += 1;
      return verdict.allowed || !input.respect_robots;
    },
  });
  const pages = discovery.urls;
  if (pages.length === 0) return null;
  warnDisallowed(ctx, disallowed, input.respect_robots);
  if (discovery.truncated) {
    ctx.warn(
      'The sitemaps list more URLs than a map returns (500 URLs, 3 child sitemaps); the rest were not read',
    );
  }
  return {
    base_url: origin,
    source: 'sitemap',
    total_pages: pages.length,
    internal_links: pages.length,
    external_links: 0,
    pages,
    max_depth_reached: null,
    sitemap: null,
  };
}
