import { z } from '@hono/zod-openapi';
import { httpUrl, maxInlineChars, respectRobots } from '../shared/params.js';

/** docs/reference/sites-batches-documents.md#map_site and docs/reference/sites-batches-documents.md#limits: about 18 s whatever `timeout` asks for. */
export const MAP_BUDGET_MS = 18_000;

export const mapSiteSchema = z.object({
  url: httpUrl(
    'Site to map: its sitemaps are read first, else it is crawled from this page.',
    'https://example.com',
  ),
  max_depth: z.number().int().min(1).max(5).default(2).openapi({
    description: 'Crawl mode only: how many links away from `url` pages are visited (1–5).',
    example: 2,
  }),
  include_external: z.boolean().default(false).openapi({
    description:
      'Crawl mode only: list links to other sites in `sitemap` and count them in `external_links` (they are never visited).',
    example: false,
  }),
  timeout: z
    .number()
    .int()
    .min(1000)
    .max(30000)
    .default(15000)
    .openapi({
      description: `Time budget of the whole map in milliseconds (1000–30000); at most ${MAP_BUDGET_MS} ms is used.`,
      example: 15000,
    }),
  respect_robots: respectRobots,
  max_inline_chars: maxInlineChars,
});

export type MapSiteInput = z.output<typeof mapSiteSchema>;
