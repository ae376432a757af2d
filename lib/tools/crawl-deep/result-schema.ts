import { z } from '@hono/zod-openapi';
import { redactionBlock } from '../shared/result-parts.js';
import { pageFormatFields } from '../shared/result-schemas/scrape.js';

export const crawlDeepResult = z.object({
  url: z.string(),
  status: z
    .enum(['completed', 'partial'])
    .openapi({ description: '`partial` when the limit or budget cut it short.' }),
  total: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  max_depth_reached: z.number().int(),
  pages: z.array(
    z.object({
      url: z.string(),
      depth: z.number().int(),
      status_code: z.number().int().nullable(),
      title: z.string().nullable(),
      formats: z.object(pageFormatFields).nullable(),
      error: z.string().nullable(),
    }),
  ),
  not_reached: z.object({
    reason: z.enum(['page_limit', 'time_budget']).nullable(),
    count: z.number().int(),
    urls: z.array(z.string()),
  }),
  robots: z.object({ disallowed_count: z.number().int(), crawl_delay_seconds: z.number().nullable() }),
  crawled_at: z.string(),
  redaction: redactionBlock.optional(),
});
