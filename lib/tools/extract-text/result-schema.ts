import { z } from '@hono/zod-openapi';
import { redactionBlock, renderFlags } from '../shared/result-parts.js';

export const extractTextResult = z.object({
  text: z.string().optional().openapi({ description: 'The text (output_format `text`).' }),
  markdown: z.string().optional().openapi({ description: 'The GFM markdown (output_format `markdown`).' }),
  output_format: z.enum(['text', 'markdown']),
  word_count: z.number().int().openapi({ description: 'Words of the returned text, before redaction.' }),
  char_count: z.number().int(),
  truncated: z.boolean().openapi({ description: 'The text was cut to `max_length`.' }),
  metadata: z.object({
    title: z.string().nullable(),
    description: z.string().nullable(),
    word_count: z.number().int().openapi({ description: 'Of the whole extraction, before the cut.' }),
    character_count: z.number().int(),
    selector_used: z.string().nullable(),
    links_preserved: z.boolean(),
    formatting_preserved: z.boolean(),
  }),
  url: z
    .string()
    .nullable()
    .openapi({ description: 'The final URL after redirects; null for `html` input.' }),
  ...renderFlags,
  redaction: redactionBlock.optional(),
});
