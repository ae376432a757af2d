import { z } from '@hono/zod-openapi';
import { stealthReport } from '../result-parts.js';

const count = z.number().int();

/** One `<a href>` of a page, as extract_links and scrape's `links` format list it. */
export const linkRecord = z.object({
  href: z
    .string()
    .nullable()
    .openapi({ description: 'Resolved; null for non-web schemes but mailto: and tel:.' }),
  text: z.string(),
  type: z.enum(['internal', 'external', 'anchor', 'other', 'relative']),
  domain: z.string().nullable(),
  rel: z.string().nullable(),
  original_href: z.string(),
  title: z.string().nullable().optional().openapi({ description: 'With `include_metadata` only.' }),
});

export const extractLinksResult = z.object({
  links: z.array(linkRecord),
  statistics: z
    .object({
      total_links: count,
      internal_links: count,
      external_links: count,
      anchor_links: count,
      relative_links: count,
      other_links: count,
      unique_domains: count,
    })
    .openapi({ description: 'Over the returned links (after filtering and deduplication).' }),
  domains: z
    .record(z.string(), count)
    .optional()
    .openapi({ description: 'Links per domain, with `include_metadata`.' }),
  base_url: z.string().nullable().openapi({ description: 'What relative links resolved against.' }),
  extracted_from: z.string().openapi({ description: "The final URL after redirects, or 'html'." }),
  escalated: z.boolean(),
  stealth: stealthReport.optional(),
});
