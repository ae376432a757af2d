import { z } from '@hono/zod-openapi';

export const mapSiteResult = z.object({
  base_url: z.string(),
  source: z
    .enum(['sitemap', 'crawl'])
    .openapi({ description: 'Whether the sitemaps or a crawl found the pages.' }),
  total_pages: z.number().int(),
  internal_links: z.number().int(),
  external_links: z.number().int(),
  pages: z.array(z.string()),
  max_depth_reached: z.number().int().nullable().openapi({ description: 'Crawl mode; null from sitemaps.' }),
  sitemap: z
    .record(z.string(), z.array(z.string()))
    .nullable()
    .openapi({ description: 'Crawl mode: each page and the links found on it; null from sitemaps.' }),
});
