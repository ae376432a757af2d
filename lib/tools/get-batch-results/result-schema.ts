import { z } from '@hono/zod-openapi';
import { batchItemFields } from '../shared/result-schemas/batch-scrape.js';

const { url, status, ...rest } = batchItemFields;

export const getBatchResultsResult = z.object({
  batch_id: z.string(),
  status: z.string(),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
  results: z.array(z.object({ url, status, data: z.object(rest) })),
  completed_at: z.string(),
  expires_at: z.string(),
});
