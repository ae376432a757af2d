import { z } from '@hono/zod-openapi';
import { redactionBlock } from '../result-parts.js';

/** One URL of a batch, as batch_scrape returns it (get_batch_results pages the same fields). */
export const batchItemFields = {
  id: z.string().openapi({ description: 'The id sent with the URL, else its index in `urls`.' }),
  url: z.string(),
  status: z.enum(['success', 'failed', 'skipped']),
  http_status: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "The target's status; null when none came." }),
  title: z.string().nullable(),
  text: z
    .string()
    .nullable()
    .openapi({ description: 'Main content text (at most 5,000 characters); null unless success.' }),
  fields: z
    .record(z.string(), z.string().nullable())
    .nullable()
    .openapi({ description: 'Values of the extraction template.' }),
  field_notes: z.record(z.string(), z.string()).nullable(),
  error: z.string().nullable(),
  error_code: z
    .string()
    .nullable()
    .openapi({ description: 'The code a single-URL tool would have answered with.' }),
};

export const batchScrapeResult = z.object({
  batch_id: z.string().openapi({ description: 'Page the results again with get_batch_results (24 hours).' }),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  results: z.array(z.object(batchItemFields)),
  notes: z.array(z.string()),
  completed_at: z.string(),
  expires_at: z.string(),
  redaction: redactionBlock.optional(),
});
