import { siteScope } from '../../crawl/crawl-url.js';
import { crawlSite } from '../../crawl/crawler.js';
import { Deadline } from '../../crawl/deadline.js';
import { gateEntryUrl } from '../../crawl/entry-gate.js';
import { readRobotsFile } from '../../crawl/robots-file.js';
import { discoverSitemapUrls } from '../../crawl/sitemap-discovery.js';
import { ApiError } from '../../errors/api-error.js';
import type { PageDocument } from '../../extract/page-document.js';
import type { RedactionBlock } from '../../extract/redact.js';
import { assessFetchedPage } from '../../fetch/assess-page.js';
import type { FetchedPage } from '../../fetch/types.js';
import { type PageFormats, renderPageFormats } from '../../page-formats/render.js';
import { defineTool } from '../define.js';
import { fetchEnvironment } from '../shared/fetch-for-tool.js';
import { keptRedaction, withRedaction } from '../shared/redaction.js';
import { pathFilter } from './path-patterns.js';
import { crawlDeepResult } from './result-schema.js';
import { type CrawlDeepInput, crawlDeepSchema } from './schema.js';

const CONCURRENCY = 4;
const PAGE_TIMEOUT_CAP_MS = 10_000;
/** URLs listed in `not_reached`; `count` has them all. */
const NOT_REACHED_LISTED = 100;

interface CrawledPageResult {
  url: string;
  depth: number;
  status_code: number | null;
  title: string | null;
  formats: PageFormats | null;
  error: string | null;
}

interface CrawlDeepData {
  url: string;
  /** `completed` when every page in reach was crawled; `partial` when the limit or the budget cut it short. */
  status: 'completed' | 'partial';
  total: number;
  completed: number;
  failed: number;
  max_depth_reached: number;
  pages: CrawledPageResult[];
  not_reached: { reason: 'page_limit' | 'time_budget' | null; count: number; urls: string[] };
  robots: { disallowed_count: number; crawl_delay_seconds: number | null };
  crawled_at: string;
  redaction?: RedactionBlock;
}

type PageOutcome = { ok: true; title: string | null; formats: PageFormats } | { ok: false; error: ApiError };

export const crawlDeepTool = defineTool({
  name: 'crawl_deep',
  kind: 'sites',
  summary: 'Crawl a site breadth-first from one page and scrape every page reached, within one call.',
  description:
    'Fetches the entry page, then follows its links breadth-first over the same site (subdomains on request), ' +
    'up to `max_depth` links away and `limit` pages (at most 50), filtered by robots.txt-style include/exclude ' +
    'path patterns, each host spaced by its robots.txt Crawl-delay. Every page comes back in the requested ' +
    'scrape formats. The crawl stops starting pages when `timeout` (at most 25 s) runs out and says in ' +
    '`not_reached` what it did not get to. Links robots.txt disallows are not followed and are counted.',
  price: 4,
  basePrice: 4,
  schema: crawlDeepSchema,
  result: crawlDeepResult,
  example: { url: 'https://docs.example.com/guides/', max_depth: 2, limit: 10, include_paths: ['/guides/*'] },
  async run(ctx, input): Promise<{ data: CrawlDeepData }> {
    const env = fetchEnvironment(ctx);
    const deadline = new Deadline(input.timeout);
    await gateEntryUrl(env, input.url, input.respect_robots);
    const inScope = siteScope(input.url, { includeSubdomains: input.include_subdomains });
    const onPath = pathFilter(input.include_paths, input.exclude_paths);
    const origin = new URL(input.url).origin;
    const robotsFile = await readRobotsFile(env, origin);
    const seeds = input.use_sitemap
      ? (
          await discoverSitemapUrls(env, {
            origin,
            robotsSitemaps: robotsFile.sitemaps,
            inScope,
            deadline,
            respectRobots: input.respect_robots,
          })
        ).urls
      : [];

    const report = await crawlSite<PageOutcome>(env, {
      entry: input.url,
      seeds,
      maxDepth: input.max_depth,
      maxPages: input.limit,
      deadline,
      concurrency: CONCURRENCY,
      pageTimeoutCapMs: PAGE_TIMEOUT_CAP_MS,
      respectRobots: input.respect_robots,
      follow: (url) => inScope(url) && onPath(url),
      inspect: (page, document) => readPage(page, input, document),
    });
    const entry = report.pages[0].output;
    if (entry && !entry.ok) throw entry.error;

    const pages = report.pages.map((page): CrawledPageResult => {
      const outcome = page.output;
      const error = page.error ?? (outcome && !outcome.ok ? outcome.error : null);
      return {
        url: page.finalUrl,
        depth: page.depth,
        status_code: page.status,
        title: outcome?.ok ? outcome.title : null,
        formats: outcome?.ok ? outcome.formats : null,
        error: error ? error.message : null,
      };
    });
    const failed = pages.filter((page) => page.error !== null).length;
    const data: CrawlDeepData = {
      url: input.url,
      status: report.stoppedBy ? 'partial' : 'completed',
      total: pages.length,
      completed: pages.length - failed,
      failed,
      max_depth_reached: report.maxDepthReached,
      pages,
      not_reached: {
        reason: report.stoppedBy,
        count: report.notReached.length,
        urls: report.notReached.slice(0, NOT_REACHED_LISTED).map((entry) => entry.url),
      },
      robots: {
        disallowed_count: report.disallowed.length,
        crawl_delay_seconds: robotsFile.crawlDelaySeconds,
      },
      crawled_at: new Date().toISOString(),
    };
    if (report.disallowed.length > 0) {
      ctx.warn(`${report.disallowed.length} links disallowed by robots.txt were not followed`);
    }
    return { data: withRedaction(data, input.redact_pii) };
  },
  keepWhenStored: (data) => ({
    url: data.url,
    status: data.status,
    total: data.total,
    completed: data.completed,
    failed: data.failed,
    not_reached: data.not_reached,
    crawled_at: data.crawled_at,
    ...keptRedaction(data),
  }),
});

/**
 * One page as a scrape would read it. Walls, target errors and binaries are that page's error; on the
 * entry page the crawl then fails with it, as scrape would.
 */
function readPage(page: FetchedPage, input: CrawlDeepInput, document: PageDocument | null): PageOutcome {
  try {
    assessFetchedPage(page, { tool: 'crawl_deep', escalate: false });
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    throw error;
  }
  const formats = renderPageFormats(page, input.formats, {
    onlyMainContent: input.onlyMainContent,
    withMarkdown: false,
  });
  return { ok: true, title: document?.metadata.title ?? null, formats };
}
