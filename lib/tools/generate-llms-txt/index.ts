import { siteScope } from '../../crawl/crawl-url.js';
import { crawlSite } from '../../crawl/crawler.js';
import { Deadline } from '../../crawl/deadline.js';
import { gateEntryUrl } from '../../crawl/entry-gate.js';
import { readRobotsFile } from '../../crawl/robots-file.js';
import { discoverSitemapUrls } from '../../crawl/sitemap-discovery.js';
import { ApiError } from '../../errors/api-error.js';
import { defineTool, type ToolContext } from '../define.js';
import { fetchEnvironment } from '../shared/fetch-for-tool.js';
import { type ApiEndpoint, MAX_API_ENDPOINTS } from './api-endpoints.js';
import { composeLlmsFullTxt, composeLlmsTxt, type SiteSummary } from './compose.js';
import { type PageFacts, readPageFacts } from './page-facts.js';
import { generateLlmsTxtResult } from './result-schema.js';
import {
  CRAWL_BUDGET_MS,
  type GenerateLlmsTxtInput,
  generateLlmsTxtSchema,
  MAX_PAGES_IN_BUDGET,
} from './schema.js';
import { type SecurityReport, securityOf } from './security.js';

const CONCURRENCY = 4;
const PAGE_TIMEOUT_CAP_MS = 8_000;

interface Clamp {
  option: string;
  requested: number;
  applied: number;
  reason: string;
}

interface ContentAnalysis {
  total_words: number;
  average_words_per_page: number;
  sections: Record<string, number>;
  languages: Record<string, number>;
}

interface GenerateLlmsTxtData {
  url: string;
  llms_txt?: string;
  llms_full_txt?: string;
  pages_analyzed: number;
  pages: Array<{ url: string; title: string | null }>;
  compliance: {
    robots_txt_found: boolean;
    disallow_count: number;
    respect_robots: boolean;
    urls_left_out: number;
    pages_opted_out: number;
    level: GenerateLlmsTxtInput['complianceLevel'];
  };
  api_endpoints_detected: ApiEndpoint[];
  clamps_applied: Clamp[];
  analysis?: ContentAnalysis;
  security?: SecurityReport;
  generated_at: string;
}

export const generateLlmsTxtTool = defineTool({
  name: 'generate_llms_txt',
  kind: 'sites',
  summary: "A site's llms.txt and llms-full.txt, written from its sitemaps or a crawl.",
  description:
    'Reads the site like map_site (sitemaps first, else a breadth-first crawl, robots.txt obeyed) and writes ' +
    'llms.txt (an H1 name, a blockquote summary, guidelines per `complianceLevel`, then H2 sections of ' +
    '`[title](url): notes` links) and llms-full.txt (every page in full, as markdown). Page and depth limits are ' +
    'clamped to what fits the function budget, and `clamps_applied` says so. Also reports the robots.txt ' +
    'compliance summary and up to 10 API endpoints the pages point at.',
  price: 5,
  basePrice: 5,
  schema: generateLlmsTxtSchema,
  result: generateLlmsTxtResult,
  example: {
    url: 'https://docs.example.com',
    format: 'both',
    complianceLevel: 'standard',
    analysisOptions: { maxDepth: 2, maxPages: 50 },
    outputOptions: { organizationName: 'Example Docs', contactEmail: 'docs@example.com' },
  },
  async run(ctx, input): Promise<{ data: GenerateLlmsTxtData }> {
    const env = fetchEnvironment(ctx);
    const deadline = new Deadline(CRAWL_BUDGET_MS);
    const respectRobots = input.respect_robots && input.analysisOptions.respectRobots !== false;
    const clamps = clampsFor(input);
    const maxPages = Math.min(input.analysisOptions.maxPages, MAX_PAGES_IN_BUDGET);

    await gateEntryUrl(env, input.url, respectRobots);
    const origin = new URL(input.url).origin;
    const robotsFile = await readRobotsFile(env, origin);
    const inScope = siteScope(input.url);
    const sitemap = await discoverSitemapUrls(env, {
      origin,
      robotsSitemaps: robotsFile.sitemaps,
      inScope,
      deadline,
      respectRobots,
    });
    const wantsFull = input.format !== 'llms-txt';
    const report = await crawlSite<PageFacts | null>(env, {
      entry: input.url,
      seeds: sitemap.urls,
      maxDepth: input.analysisOptions.maxDepth,
      maxPages,
      deadline,
      concurrency: CONCURRENCY,
      pageTimeoutCapMs: PAGE_TIMEOUT_CAP_MS,
      respectRobots,
      follow: inScope,
      inspect: (page, document) =>
        readPageFacts(page, document, { markdown: wantsFull, apis: input.analysisOptions.detectAPIs }),
    });

    const read = report.pages.flatMap((page) => (page.output ? [page.output] : []));
    if (read.length === 0) throw nothingToDescribe(report.pages[0]);
    const strict = input.complianceLevel === 'strict';
    const included = strict ? read.filter((page) => !page.optedOut) : read;
    const analysis = input.analysisOptions.analyzeContent ? analyse(read) : undefined;
    const site = summarise(read[0], input, robotsFile.disallowedPaths, analysis);

    warnAboutCrawl(ctx, report.disallowed.length, respectRobots, report.stoppedBy, report.notReached.length);
    const data: GenerateLlmsTxtData = {
      url: input.url,
      ...(input.format !== 'llms-full-txt' ? { llms_txt: composeLlmsTxt(site, included, input) } : {}),
      ...(wantsFull ? { llms_full_txt: composeLlmsFullTxt(site, included) } : {}),
      pages_analyzed: read.length,
      pages: included.map((page) => ({ url: page.url, title: page.title })),
      compliance: {
        robots_txt_found: robotsFile.found,
        disallow_count: robotsFile.disallowCount,
        respect_robots: respectRobots,
        urls_left_out: respectRobots ? report.disallowed.length : 0,
        pages_opted_out: strict ? read.length - included.length : 0,
        level: input.complianceLevel,
      },
      api_endpoints_detected: input.analysisOptions.detectAPIs ? endpointsOf(read) : [],
      clamps_applied: clamps,
      ...(analysis ? { analysis } : {}),
      ...(input.analysisOptions.checkSecurity ? { security: securityOf(read[0].url, read[0].headers) } : {}),
      generated_at: new Date().toISOString(),
    };
    return { data };
  },
  keepWhenStored: (data) => ({
    url: data.url,
    pages_analyzed: data.pages_analyzed,
    compliance: data.compliance,
    clamps_applied: data.clamps_applied,
    generated_at: data.generated_at,
  }),
});

function clampsFor(input: GenerateLlmsTxtInput): Clamp[] {
  const requested = input.analysisOptions.maxPages;
  if (requested <= MAX_PAGES_IN_BUDGET) return [];
  return [
    {
      option: 'analysisOptions.maxPages',
      requested,
      applied: MAX_PAGES_IN_BUDGET,
      reason: `a hosted call reads at most ${MAX_PAGES_IN_BUDGET} pages in its ${CRAWL_BUDGET_MS / 1000} s crawl budget`,
    },
  ];
}

function summarise(
  home: PageFacts,
  input: GenerateLlmsTxtInput,
  disallowedPaths: string[],
  analysis: ContentAnalysis | undefined,
): SiteSummary {
  const host = new URL(input.url).host;
  const titleName = home.title
    ?.split(/\s+[|–—-]\s+/)
    .at(-1)
    ?.trim();
  return {
    name: input.outputOptions.organizationName ?? home.siteName ?? titleName ?? host,
    summary: home.description ?? `Pages of ${host}, listed for language models.`,
    host,
    disallowedPaths,
    analysis: analysis
      ? `Site analysis: ${Object.values(analysis.sections).reduce((a, b) => a + b, 0)} pages read, ` +
        `${analysis.total_words} words (about ${analysis.average_words_per_page} per page); sections: ` +
        `${Object.entries(analysis.sections)
          .map(([name, count]) => `${name} (${count})`)
          .join(', ')}.`
      : null,
  };
}

function analyse(pages: readonly PageFacts[]): ContentAnalysis {
  const sections: Record<string, number> = {};
  const languages: Record<string, number> = {};
  let words = 0;
  for (const page of pages) {
    words += page.words;
    const section = new URL(page.url).pathname.split('/').filter(Boolean)[0] ?? '/';
    sections[section] = (sections[section] ?? 0) + 1;
    const language = page.language ?? 'und';
    languages[language] = (languages[language] ?? 0) + 1;
  }
  return {
    total_words: words,
    average_words_per_page: Math.round(words / pages.length),
    sections,
    languages,
  };
}

function endpointsOf(pages: readonly PageFacts[]): ApiEndpoint[] {
  const seen = new Set<string>();
  const found: ApiEndpoint[] = [];
  for (const endpoint of pages.flatMap((page) => page.apiEndpoints)) {
    if (seen.has(endpoint.url)) continue;
    seen.add(endpoint.url);
    found.push(endpoint);
    if (found.length === MAX_API_ENDPOINTS) break;
  }
  return found;
}

function warnAboutCrawl(
  ctx: ToolContext,
  disallowed: number,
  respectRobots: boolean,
  stoppedBy: string | null,
  notReached: number,
): void {
  if (disallowed > 0 && respectRobots) {
    ctx.warn(
      `${disallowed} discovered URL${disallowed === 1 ? '' : 's'} disallowed by robots.txt for ${ctx.services.config.ROBOTS_PRODUCT_TOKEN} ${disallowed === 1 ? 'was' : 'were'} left out`,
    );
  }
  if (stoppedBy === 'time_budget') {
    ctx.warn(
      `The ${CRAWL_BUDGET_MS / 1000} s crawl budget ran out; ${notReached} queued pages were not read`,
    );
  }
}

/** As map_site answers (docs/reference/sites-batches-documents.md#errors): the entry failed, or nothing read was an HTML page. */
function nothingToDescribe(entry: { status: number | null; finalUrl: string }): ApiError {
  const status = entry.status;
  if (status !== null && (status < 200 || status > 299)) {
    return new ApiError('TARGET_HTTP_ERROR', `Target answered HTTP ${status}`, {
      extra: { http_status: status },
    });
  }
  return new ApiError(
    'NO_PAGES_MAPPED',
    `No HTML page could be read from ${entry.finalUrl}: nothing to describe`,
  );
}
