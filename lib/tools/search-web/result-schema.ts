import { z } from '@hono/zod-openapi';
import { TIME_RANGES } from '../../providers/kinds/web-search.js';
import { redactionBlock } from '../shared/result-parts.js';

/** One query's answer, in the Google Custom Search fields of docs/reference/providers.md#search_web. */
const queryResult = z.object({
  query: z.string(),
  search_metadata: z.object({
    total_results: z.number().int(),
    results_returned: z.number().int(),
    offset: z.number().int(),
    search_time: z.number(),
    lang: z.string(),
    safe_search: z.boolean(),
    time_range: z.enum(TIME_RANGES),
    site: z.string().nullable(),
    file_type: z.string().nullable(),
  }),
  results: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      snippet: z.string(),
      displayLink: z.string(),
      formattedUrl: z.string(),
      htmlSnippet: z.string(),
      htmlTitle: z.string(),
      cacheId: z.string().optional(),
      pagemap: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
  spelling_correction: z.string().nullable(),
  related_searches: z.array(z.string()),
});

const failedQuery = z.object({ query: z.string(), error: z.string(), error_code: z.string() });

export const searchWebResult = z
  .union([
    queryResult.extend({ redaction: redactionBlock.optional() }),
    z.object({
      queries: z.array(z.string()),
      count: z.number().int(),
      results_by_query: z.array(z.union([queryResult, failedQuery])),
      redaction: redactionBlock.optional(),
    }),
  ])
  .openapi({
    description: '`query`: one answer; `queries`: `{queries, count, results_by_query}` in their order.',
  });
