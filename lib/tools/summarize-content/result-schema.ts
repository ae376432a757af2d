import { z } from '@hono/zod-openapi';

export const summarizeContentResult = z.object({
  summary: z
    .union([z.string(), z.array(z.string())])
    .openapi({ description: '`extractive` and `brief`: one string; `key_points`: one string per sentence.' }),
  summary_type: z.enum(['extractive', 'key_points', 'brief']),
  original_length: z.number().int().openapi({ description: 'Characters (code points) summarised.' }),
  summary_length: z.number().int(),
  compression_ratio: z.number(),
  sentences_used: z.number().int(),
  total_sentences: z.number().int(),
  metadata: z
    .object({
      title: z.string().nullable(),
      description: z.string().nullable(),
      author: z.string().nullable(),
      publish_date: z.string().nullable(),
    })
    .nullable()
    .openapi({ description: 'With `include_metadata` on the `url` form; else null.' }),
});
