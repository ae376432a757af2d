import { z } from '@hono/zod-openapi';

export const trackChangesResult = z.object({
  url: z.string(),
  final_url: z.string(),
  selector: z.string().nullable(),
  status: z.enum(['new', 'changed', 'unchanged']),
  change_percent: z.number().nullable().openapi({ description: 'Share of lines touched; null on `new`.' }),
  structural_similarity: z.number().nullable(),
  added_count: z.number().int().nullable(),
  removed_count: z.number().int().nullable(),
  added_samples: z.array(z.string()),
  removed_samples: z.array(z.string()),
  content_hash: z.string(),
  previous_checked_at: z
    .string()
    .nullable()
    .openapi({ description: 'When the baseline was captured; null on `new`.' }),
  checked_at: z.string(),
});
