import { z } from '@hono/zod-openapi';
import { actionResult } from '../shared/browser-result-parts.js';
import { redactionBlock } from '../shared/result-parts.js';
import { pageFormatFields } from '../shared/result-schemas/scrape.js';

export const scrapeWithActionsResult = z.object({
  url: z.string(),
  final_url: z.string(),
  title: z.string(),
  status: z.number().int(),
  action_results: z.array(actionResult),
  formats: z.object(pageFormatFields),
  scraped_at: z.string(),
  redaction: redactionBlock.optional(),
});
