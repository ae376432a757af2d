import { z } from '@hono/zod-openapi';
import { RENDERS_IN_BROWSER } from '../../browser/runtime.js';
import { PageDocument } from '../../extract/index.js';
import { extractLinks, type LinkExtraction, linkStatistics } from '../../extract/links.js';
import { CLIENT_RENDERED_WARNING, JSON_BODY_WARNING } from '../../fetch/assess-page.js';
import { defineTool, type ToolContext } from '../define.js';
import type { StealthReport } from '../shared/escalation.js';
import { loadPageSource } from '../shared/page-source.js';
import {
  chargeWithEscalation,
  escalate,
  escalateEngine,
  httpUrl,
  maxInlineChars,
  requireOneOf,
  respectRobots,
  suppliedHtml,
  urlEscalationHold,
} from '../shared/params.js';
import { extractLinksResult } from '../shared/result-schemas/extract-links.js';

const PRICE = 1;
const ESCALATION_HOLD = urlEscalationHold(PRICE);
/** docs/reference/pages.md#limits: extract_text and extract_links fetch within 15 s; docs/reference/pages.md#extract_links gives this tool no `timeout`. */
const FETCH_TIMEOUT_MS = 15_000;

/**
 * "example.com", "https://Example.com/path" and "*.example.com" all name the host example.com: the
 * match itself takes subdomains in, so the wildcard adds nothing.
 */
function domainOf(entry: string): string {
  const trimmed = entry.trim().toLowerCase();
  const withoutScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(trimmed)
    ? trimmed.replace(/^[^:]+:\/\//, '')
    : trimmed;
  return withoutScheme
    .replace(/[/?#].*$/, '')
    .replace(/^[^@]*@/, '')
    .replace(/:\d+$/, '')
    .replace(/^\*?\./, '')
    .replace(/\.$/, '');
}

const schema = z
  .object({
    url: httpUrl('Page to fetch whose links are listed (one fetch, 15 s at most).').optional(),
    html: suppliedHtml(
      'HTML whose links are listed, instead of fetching a page. One of `url` or `html` is required; `html` ' +
        'wins when both are sent, and `url` then stands for its address. Never fetched, never escalated.',
      '<nav><a href="/docs">Docs</a> <a href="https://github.com/acme">GitHub</a></nav>',
    ),
    base_url: httpUrl(
      'Resolves relative links, overriding `<base href>`. Meant for `html` input, where it also decides which ' +
        'links are internal; without it (and without `url` or `<base href>`) relative links keep `href: null`.',
      'https://example.com/docs/',
    ).optional(),
    include_internal: z.boolean().default(true).openapi({
      description: 'Keep links to the page’s own host (`www.` ignored), relative ones included.',
      example: true,
    }),
    include_external: z.boolean().default(true).openapi({
      description: 'Keep links to other hosts.',
      example: true,
    }),
    filter_external: z.boolean().default(false).openapi({
      description: 'true equals `include_internal: false` and overrides it: only external links are kept.',
      example: false,
    }),
    filter_domains: z
      .array(
        z
          .string()
          .max(253)
          .transform(domainOf)
          .refine((domain) => domain.length > 0, 'must name a host'),
      )
      .max(100)
      .optional()
      .openapi({
        description:
          'Keep only links whose host is one of these or a subdomain of one (`github.com` keeps ' +
          '`docs.github.com`). Links without a host (mailto:, tel:, javascript:) are dropped. Empty: no filter.',
        example: ['github.com'],
      }),
    include_anchors: z.boolean().default(false).openapi({
      description: 'Keep same-page links written as a bare fragment (`#section`).',
      example: false,
    }),
    deduplicate: z
      .boolean()
      .default(true)
      .openapi({
        description:
          'List each destination once, fragment and trailing slash ignored (`/about`, `/about/` and ' +
          '`/about#team` are one); the first occurrence is kept. Statistics count what is returned.',
        example: true,
      }),
    include_metadata: z.boolean().default(true).openapi({
      description: 'Add `title` (the link’s title attribute, or null) to each link and the `domains` map.',
      example: true,
    }),
    escalate,
    escalate_engine: escalateEngine,
    respect_robots: respectRobots,
    max_inline_chars: maxInlineChars,
  })
  .refine(...requireOneOf('url', 'html'));

type ExtractLinksInput = z.output<typeof schema>;

type FoundLinks = Omit<LinkExtraction, 'base_url'> & {
  /** What relative links resolved against; null for `html` with no address to resolve against. */
  base_url: string | null;
};

export interface ExtractLinksData extends FoundLinks {
  /** The final URL after redirects, or 'html'. */
  extracted_from: string;
  escalated: boolean;
  /** Present when the stealth render ran (docs/reference/pages.md#bot-walls-and-escalation). */
  stealth?: StealthReport;
}

interface LinkSource {
  /** null when the body is JSON or plain text: no markup, so no links. */
  html: string | null;
  /** The page's own address: decides internal and external. '' for `html` without one. */
  address: string;
  extractedFrom: string;
  escalated: boolean;
  stealth: StealthReport | null;
}

const NO_MARKUP_WARNING = 'Response is JSON, not an HTML page: it has no links to extract';
const CLIENT_RENDERED_LINKS_WARNING =
  'Page is client-rendered: links drawn by JavaScript, which did not run, are missing; ' +
  'use stealth_mode operation scrape to render it';

export const extractLinksTool = defineTool({
  name: 'extract_links',
  kind: 'pages',
  summary: 'Every link of a page or of supplied HTML, typed, filtered, deduplicated and counted.',
  description:
    'Lists the `<a href>` links of a page (`url`) or of supplied `html` as records `{href, text, type, domain, ' +
    'rel, original_href, title}`: `href` resolved (null for non-web schemes except mailto:/tel:), `type` one of ' +
    '`internal`, `external`, `anchor`, `relative`, `other`. Filters by internal/external, by domain and ' +
    'anchors; deduplicates by destination; counts by type and domain.',
  price: PRICE,
  holdCeiling: ESCALATION_HOLD.holdCeiling,
  // `html` wins when both are sent, and is never fetched nor escalated: read in-process at the firm price.
  chargesAfterRun: (input) => input.html !== undefined,
  basePrice: PRICE,
  pricingNotes: [
    `${PRICE} credit per call.`,
    ESCALATION_HOLD.note,
    'A blocked page and every other error are uncharged.',
  ],
  schema,
  result: extractLinksResult,
  example: { url: 'https://example.com/', include_anchors: false, filter_domains: ['example.com'] },
  browser: RENDERS_IN_BROWSER,
  async run(ctx, input): Promise<{ data: ExtractLinksData; credits: number }> {
    const source = await loadSource(ctx, input);
    const found =
      source.html === null
        ? noLinks(source.address, input)
        : listLinks(ctx, source.html, source.address, input);
    const { links, statistics, domains, base_url } = found;
    const data: ExtractLinksData = {
      links,
      statistics,
      ...(domains ? { domains } : {}),
      base_url,
      extracted_from: source.extractedFrom,
      escalated: source.escalated,
      ...(source.stealth ? { stealth: source.stealth } : {}),
    };
    return { data, credits: chargeWithEscalation(PRICE, source.escalated) };
  },
  keepWhenStored: (data) => ({
    statistics: data.statistics,
    base_url: data.base_url,
    extracted_from: data.extracted_from,
    escalated: data.escalated,
    ...(data.stealth ? { stealth: data.stealth } : {}),
  }),
});

function listLinks(ctx: ToolContext, html: string, address: string, input: ExtractLinksInput): FoundLinks {
  const document = PageDocument.parse(html, address, { baseUrl: input.base_url });
  // Sent alone, html has no address of its own; its <base href> is the best stand-in for one.
  const pageUrl = address || document.baseUrl;
  const found = extractLinks(document.$, pageUrl, document.baseUrl, {
    include_internal: input.include_internal,
    include_external: input.include_external,
    filter_external: input.filter_external,
    filter_domains: input.filter_domains,
    include_anchors: input.include_anchors,
    deduplicate: input.deduplicate,
    include_metadata: input.include_metadata,
  });
  if (found.links.some((link) => link.type === 'relative' && link.href === null)) {
    ctx.warn('No base URL: relative links are listed with href null; send base_url (or url) to resolve them');
  }
  return { ...found, base_url: document.baseUrl || null };
}

function noLinks(address: string, input: ExtractLinksInput): FoundLinks {
  return {
    links: [],
    statistics: linkStatistics([]),
    ...(input.include_metadata ? { domains: {} } : {}),
    base_url: input.base_url ?? address,
  };
}

async function loadSource(ctx: ToolContext, input: ExtractLinksInput): Promise<LinkSource> {
  const source = await loadPageSource(linksContext(ctx), input, {
    tool: 'extract_links',
    timeoutMs: FETCH_TIMEOUT_MS,
    respectRobots: input.respect_robots,
    escalate: input.escalate,
    escalateEngine: input.escalate_engine,
    urlNotFetched: (url) => `url not fetched: html wins when both are sent; ${url} stands for its address`,
  });
  if (source.from === 'html') {
    return {
      html: source.html,
      address: input.url ?? input.base_url ?? '',
      extractedFrom: 'html',
      escalated: false,
      stealth: null,
    };
  }
  const { page, escalated, stealth } = source;
  if (page.kind === 'text') ctx.warn('Response is plain text, not an HTML page: it has no links to extract');
  const markup = page.kind === 'html' || page.kind === 'xml';
  return {
    html: markup ? page.body : null,
    address: page.finalUrl,
    extractedFrom: page.finalUrl,
    escalated,
    stealth,
  };
}

/** The gate's wording is extract_text's ("returned as text", "rendered: false"); this tool returns links. */
const GATE_WARNINGS = new Map([
  [JSON_BODY_WARNING, NO_MARKUP_WARNING],
  [CLIENT_RENDERED_WARNING, CLIENT_RENDERED_LINKS_WARNING],
]);

/** Methods are forwarded, not spread, so a context built as a class keeps working. */
function linksContext(ctx: ToolContext): ToolContext {
  return {
    requestId: ctx.requestId,
    account: ctx.account,
    apiKeyId: ctx.apiKeyId,
    services: ctx.services,
    heldCredits: ctx.heldCredits,
    signal: ctx.signal,
    warn: (message) => ctx.warn(GATE_WARNINGS.get(message) ?? message),
    recordRobotsOverride: (url) => ctx.recordRobotsOverride(url),
  };
}
