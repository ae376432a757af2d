import { z } from '@hono/zod-openapi';
import { redactPiiSchema } from '../../extract/redact.js';
import { TIME_RANGES } from '../../providers/kinds/web-search.js';
import { maxInlineChars } from '../shared/params.js';

const queryText = z.string().trim().min(1, 'must not be empty').max(2_000);

/** `site` as a bare host (and optional path): a scheme or `site:` written by the caller is dropped. */
const site = z
  .string()
  .trim()
  .transform((value) =>
    value
      .replace(/^site:/i, '')
      .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
      .replace(/\/+$/, ''),
  )
  .pipe(z.string().regex(/^[^\s/]+(\/\S*)?$/, 'must be a domain such as example.com'))
  .optional()
  .openapi({
    description: 'Restrict results to a domain: appended to the query as `site:<domain>`.',
    example: 'example.com',
  });

export const searchWebSchema = z
  .object({
    query: queryText.optional().openapi({
      description: 'One search. Exactly one of `query` or `queries` is required.',
      example: 'http retry-after header',
    }),
    queries: z
      .array(queryText)
      .min(1, 'needs 1 to 10 queries')
      .max(10, 'at most 10 queries per batch')
      .optional()
      .openapi({
        description:
          'A batch of 1 to 10 searches run concurrently; `results_by_query` keeps their order, and a query that fails ' +
          'carries its own `error` inside the 200. Charged 5 credits per query answered.',
        example: ['rust async runtime', 'tokio vs async-std'],
      }),
    limit: z.number().int().min(1).max(100).default(10).openapi({
      description: 'Results per query (1–100), gathered across as many provider pages as it takes.',
      example: 10,
    }),
    offset: z.number().int().min(0, 'must not be negative').max(1_000).default(0).openapi({
      description: 'Results to skip first (0, 10, 20, …): `offset: 10` starts at the 11th result.',
      example: 0,
    }),
    lang: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be an ISO 639-1 code such as en')
      .transform((value) => value.toLowerCase())
      .optional()
      .openapi({
        description:
          'ISO 639-1 language of the results; echoed in `search_metadata.lang` (`en` when omitted).',
        example: 'en',
      }),
    site,
    safe_search: z
      .boolean()
      .default(false)
      .openapi({ description: 'Filter explicit results.', example: false }),
    time_range: z.enum(TIME_RANGES).default('all').openapi({
      description: 'Only results from the past `day`, `week`, `month` or `year`; `all` for any time.',
      example: 'all',
    }),
    file_type: z
      .string()
      .trim()
      .transform((value) => value.replace(/^\./, '').toLowerCase())
      .pipe(z.string().regex(/^[a-z0-9]{1,10}$/, 'must be a file extension such as pdf'))
      .optional()
      .openapi({
        description: 'Only files of this extension: appended as `filetype:<ext>`.',
        example: 'pdf',
      }),
    redact_pii: redactPiiSchema,
    max_inline_chars: maxInlineChars,
  })
  .superRefine((input, ctx) => {
    const both = input.query !== undefined && input.queries !== undefined;
    const neither = input.query === undefined && input.queries === undefined;
    if (both || neither) {
      ctx.addIssue({
        code: 'custom',
        path: ['query'],
        message: both ? 'send either query or queries, not both' : 'one of query or queries is required',
      });
    }
  });

export type SearchWebInput = z.output<typeof searchWebSchema>;
