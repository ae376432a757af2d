import { z } from '@hono/zod-openapi';

/** The 200 envelope of every tool around its `data`. */
export function toolSuccessSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    credits_used: z.number().int(),
    credits_remaining: z.number().int(),
    processing_time: z.number().openapi({ description: 'Milliseconds' }),
    warnings: z
      .array(z.string())
      .optional()
      .openapi({ description: 'Present only when the call produced one' }),
  });
}
