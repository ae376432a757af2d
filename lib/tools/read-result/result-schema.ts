import { z } from '@hono/zod-openapi';

export const readResultResult = z.object({
  result_handle: z.string(),
  tool: z.string().openapi({ description: 'The tool whose result was stored.' }),
  json_path: z.string().nullable(),
  total_chars: z.number().int(),
  value_chars: z.number().int().openapi({ description: 'Characters of the selected value.' }),
  expires_at: z.string(),
  value: z
    .unknown()
    .optional()
    .openapi({ description: 'The selected value itself, when it fits in one call.' }),
  content: z
    .string()
    .optional()
    .openapi({ description: "One page of the selected value's text, when it does not." }),
  offset: z.number().int(),
  returned_chars: z.number().int(),
  truncated: z.boolean(),
  next_offset: z.number().int().nullable(),
});
