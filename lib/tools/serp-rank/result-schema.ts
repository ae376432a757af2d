import { z } from '@hono/zod-openapi';

export const serpRankResult = z.object({
  keyword: z.string(),
  target: z.string(),
  location: z.union([z.string(), z.number()]),
  language: z.string(),
  device: z.enum(['desktop', 'mobile']),
  depth: z.number().int(),
  found: z.boolean(),
  rank: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "The target's first position; null when not found." }),
  url: z.string().nullable(),
  all_positions: z.array(z.number().int()),
  matches: z.array(z.object({ position: z.number().int(), url: z.string(), title: z.string() })),
  results_scanned: z.number().int(),
  se_results_count: z.number().int().nullable(),
  check_url: z.string().nullable(),
  checked_at: z.string(),
});
