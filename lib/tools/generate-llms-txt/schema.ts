import { z } from '@hono/zod-openapi';
import { httpUrl, maxInlineChars, respectRobots } from '../shared/params.js';

/** Pages one call can fetch and read inside the serverless budget; larger requests are clamped. */
export const MAX_PAGES_IN_BUDGET = 50;
export const CRAWL_BUDGET_MS = 20_000;

const analysisOptions = z
  .object({
    maxDepth: z.number().int().min(1).max(5).default(2).openapi({
      description: 'Links followed away from `url` (1–5).',
      example: 2,
    }),
    maxPages: z
      .number()
      .int()
      .min(10)
      .max(500)
      .default(MAX_PAGES_IN_BUDGET)
      .openapi({
        description: `Pages to analyse (10–500); clamped to ${MAX_PAGES_IN_BUDGET} on the hosted service and reported in \`clamps_applied\`.`,
        example: 50,
      }),
    respectRobots: z.boolean().optional().openapi({
      description: 'Alias of `respect_robots`: false from either turns the robots.txt gate off.',
      example: true,
    }),
    detectAPIs: z.boolean().default(true).openapi({
      description: 'List API endpoints the pages link to or mention (`api_endpoints_detected`, at most 10).',
      example: true,
    }),
    analyzeContent: z.boolean().default(true).openapi({
      description: 'Add `analysis`: word counts, sections and languages of the pages read.',
      example: true,
    }),
    checkSecurity: z.boolean().default(true).openapi({
      description: "Add `security`: HTTPS and the security headers of the entry page's response.",
      example: true,
    }),
  })
  .default({
    maxDepth: 2,
    maxPages: MAX_PAGES_IN_BUDGET,
    detectAPIs: true,
    analyzeContent: true,
    checkSecurity: true,
  });

const outputOptions = z
  .object({
    organizationName: z.string().trim().min(1).max(200).optional().openapi({
      description:
        "The H1 of llms.txt; defaults to the site's name (og:site_name, the home page title, the host).",
      example: 'Example Docs',
    }),
    contactEmail: z.email().max(254).optional().openapi({
      description: 'Printed as the contact line (standard and strict).',
      example: 'docs@example.com',
    }),
    customGuidelines: z.string().max(5000).optional().openapi({
      description: 'Extra usage guidelines, one per line (standard and strict).',
    }),
    customRestrictions: z.string().max(5000).optional().openapi({
      description: 'Extra restrictions, one per line (strict).',
    }),
    includeDetailed: z.boolean().default(false).openapi({
      description: "Each link's note also lists the page's section headings.",
      example: false,
    }),
    includeAnalysis: z.boolean().default(false).openapi({
      description: 'Add a paragraph summarising the analysis to llms.txt (needs analyzeContent).',
      example: false,
    }),
  })
  .default({ includeDetailed: false, includeAnalysis: false });

export const generateLlmsTxtSchema = z.object({
  url: httpUrl(
    'Site to describe: its sitemaps are read, else it is crawled from this page.',
    'https://docs.example.com',
  ),
  format: z.enum(['both', 'llms-txt', 'llms-full-txt']).default('both').openapi({
    description: '`llms-txt` (links with notes), `llms-full-txt` (the pages in full, as markdown) or `both`.',
    example: 'both',
  }),
  complianceLevel: z.enum(['basic', 'standard', 'strict']).default('standard').openapi({
    description:
      '`basic`: name, summary and links. `standard`: adds usage guidelines and the contact. `strict`: adds restrictions (the paths robots.txt disallows, `customRestrictions`) and leaves out pages marked noindex or noai.',
    example: 'standard',
  }),
  analysisOptions,
  outputOptions,
  respect_robots: respectRobots,
  max_inline_chars: maxInlineChars,
});

export type GenerateLlmsTxtInput = z.output<typeof generateLlmsTxtSchema>;
