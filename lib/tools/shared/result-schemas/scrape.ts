import { z } from '@hono/zod-openapi';
import { redactionBlock, stealthReport } from '../result-parts.js';
import { linkRecord } from './extract-links.js';
import { pageMetadataFields } from './extract-metadata.js';

const span = {
  text: z.string(),
  offset: z.number().int().openapi({ description: 'Index into this call’s markdown.' }),
  length: z.number().int(),
  score: z.number(),
};

/** A page in the plain scrape formats, as scrape and crawl_deep return it. */
export const pageFormatFields = {
  markdown: z.string().optional(),
  html: z.string().optional(),
  rawHtml: z.string().optional(),
  text: z.string().optional(),
  links: z.array(linkRecord).optional(),
  metadata: z.object(pageMetadataFields).optional(),
};

export const scrapeResult = z.object({
  url: z.string().openapi({ description: 'The final URL after redirects.' }),
  formats: z
    .object({
      ...pageFormatFields,
      highlights: z.array(z.object({ ...span, kind: z.enum(['sentence', 'code_block']) })).optional(),
      answer: z
        .object({ text: z.string(), grounded: z.boolean(), evidence: z.array(z.object(span)) })
        .optional(),
    })
    .openapi({ description: 'One key per requested format, in the order requested.' }),
  escalated: z.boolean(),
  stealth: stealthReport.nullable().openapi({ description: 'The escalated render; null when none ran.' }),
  scraped_at: z.string(),
  redaction: redactionBlock.optional(),
});
