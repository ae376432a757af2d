import { z } from '@hono/zod-openapi';
import { ApiError } from '../../errors/api-error.js';
import { idField } from '../../id-format.js';
import type { BatchResult } from '../../results/batch-result.js';
import { loadBatch } from '../../results/batches.js';
import { defineTool } from '../define.js';
import { getBatchResultsResult } from './result-schema.js';

/** docs/reference/sites-batches-documents.md#get_batch_results and docs/reference/sites-batches-documents.md#limits. */
export const MAX_PAGE_SIZE = 100;

const schema = z.object({
  batchId: z.string().trim().pipe(idField('batch', 'a batch_id batch_scrape returned')).openapi({
    description: 'The `batch_id` a batch_scrape call returned (kept 24 hours).',
    example: 'batch_01J0ABCDEFGHJKMNPQRSTVWXYZ',
  }),
  page: z.number().int().min(1).default(1).openapi({ description: 'Page of results, from 1.', example: 1 }),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(25)
    .openapi({ description: `Results per page (1–${MAX_PAGE_SIZE}).`, example: 25 }),
});

interface PagedResult {
  url: string;
  status: BatchResult['status'];
  /** The rest of the batch_scrape result: id, http_status, title, text, fields, field_notes, error. */
  data: Omit<BatchResult, 'url' | 'status'>;
}

interface GetBatchResultsData {
  batch_id: string;
  status: string;
  page: number;
  limit: number;
  total: number;
  total_pages: number;
  results: PagedResult[];
  completed_at: string;
  expires_at: string;
}

export const getBatchResultsTool = defineTool({
  name: 'get_batch_results',
  kind: 'sites',
  summary: "A page of a stored batch_scrape batch's results.",
  description:
    'Pages through the per-URL results of a batch_scrape call, in input order, for 24 hours after it ran. ' +
    'An unknown or expired `batchId`, or one another account made, answers 500 TOOL_ERROR, uncharged. ' +
    'A page past the last one is empty.',
  price: 1,
  basePrice: 1,
  schema,
  result: getBatchResultsResult,
  example: { batchId: 'batch_01J0ABCDEFGHJKMNPQRSTVWXYZ', page: 1, limit: 25 },
  async run(ctx, input): Promise<{ data: GetBatchResultsData }> {
    const batch = await loadBatch(ctx.services.db, ctx.account.id, input.batchId);
    if (!batch) {
      throw new ApiError(
        'TOOL_ERROR',
        `Batch ${input.batchId} not found: it expired (after 24 hours) or never existed`,
      );
    }
    const start = (input.page - 1) * input.limit;
    return {
      data: {
        batch_id: batch.id,
        status: batch.status,
        page: input.page,
        limit: input.limit,
        total: batch.total,
        total_pages: Math.ceil(batch.total / input.limit),
        results: batch.results.slice(start, start + input.limit).map(({ url, status, ...data }) => ({
          url,
          status,
          data,
        })),
        completed_at: batch.completedAt.toISOString(),
        expires_at: batch.expiresAt.toISOString(),
      },
    };
  },
});
