import { z } from '@hono/zod-openapi';
import { redactPiiSchema } from '../../extract/redact.js';
import { PAGE_FORMATS } from '../../page-formats/render.js';
import { httpUrl, maxInlineChars, respectRobots } from '../shared/params.js';

export const MAX_CRAWL_PAGES = 50;
export const MAX_CRAWL_BUDGET_MS = 25_000;

const pathPatterns = (description: string, example: string[]) =>
  z.array(z.string().trim().min(1).max(200)).max(20).default([]).openapi({ description, example });

export const crawlDeepSchema = z.object({
  url: httpUrl('Entry page of the crawl: an absolute http(s) URL.', 'https://docs.example.com/guides/'),
  max_depth: z.number().int().min(0).max(5).default(2).openapi({
    description: 'Links followed away from `url` (0 = the entry page only, at most 5).',
    example: 2,
  }),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_CRAWL_PAGES)
    .default(10)
    .openapi({
      description: `Pages fetched at most, the entry page included (1–${MAX_CRAWL_PAGES}).`,
      example: 10,
    }),
  include_paths: pathPatterns(
    'Follow only links whose path (and query) matches one of these robots.txt-style patterns: `*` matches anything, a final `$` anchors the end (`/docs/*`, `*.html$`). The entry page is always fetched.',
    ['/guides/*'],
  ),
  exclude_paths: pathPatterns(
    'Never follow links whose path matches one of these patterns; wins over include_paths.',
    ['/guides/archive/*'],
  ),
  include_subdomains: z.boolean().default(false).openapi({
    description: "Also follow links to subdomains of the entry page's site. Other sites are never crawled.",
    example: false,
  }),
  use_sitemap: z.boolean().default(false).openapi({
    description: "Also queue the URLs of the site's sitemaps (robots.txt's and /sitemap.xml) at depth 1.",
    example: false,
  }),
  formats: z
    .array(z.enum(PAGE_FORMATS, { error: (issue) => describeCrawlFormat(issue.input) }))
    .min(1)
    .max(PAGE_FORMATS.length)
    .default(['markdown'])
    .openapi({
      description: `What to return for every page, as scrape does: ${PAGE_FORMATS.join(', ')}. scrape's highlights and question formats ask about one page and are refused here (400): run scrape on the pages you need.`,
      example: ['markdown'],
    }),
  onlyMainContent: z.boolean().default(true).openapi({
    description: 'markdown, html and text cover the main content only (true) or the whole page (false).',
    example: true,
  }),
  timeout: z
    .number()
    .int()
    .min(1000)
    .max(MAX_CRAWL_BUDGET_MS)
    .default(20_000)
    .openapi({
      description: `Time budget of the crawl in milliseconds (1000–${MAX_CRAWL_BUDGET_MS}); pages not started by then are reported in \`not_reached\`.`,
      example: 20000,
    }),
  respect_robots: respectRobots,
  max_inline_chars: maxInlineChars,
  redact_pii: redactPiiSchema,
});

export type CrawlDeepInput = z.output<typeof crawlDeepSchema>;

/**
 * highlights and question rank passages of one page against a query; over a crawl they would be
 * priced per page and answered per page, which no caller of a site crawl asked for. Refused with a
 * message that says where they work instead of a bare "invalid option".
 */
function describeCrawlFormat(input: unknown): string {
  const type = typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : input;
  if (type === 'highlights' || type === 'question') {
    return `${type} is a scrape format for one page; crawl_deep returns ${PAGE_FORMATS.join(', ')} for every page: run scrape with ${type} on the pages you need`;
  }
  return `unknown format ${JSON.stringify(input)?.slice(0, 60)}; use one of ${PAGE_FORMATS.join(', ')}`;
}
