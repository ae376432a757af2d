import { z } from '@hono/zod-openapi';
import { stealthReport } from '../shared/result-parts.js';

export const extractEmbeddedStateResult = z.object({
  url: z.string(),
  found: z.array(
    z.object({
      name: z.string().openapi({ description: 'The source, e.g. `next_data`, `nuxt`, `apollo`.' }),
      variable: z.string().openapi({ description: 'The global, element or attribute that carried it.' }),
      bytes: z.number().int(),
    }),
  ),
  path: z.string().nullable(),
  bytes: z.number().int().openapi({ description: 'UTF-8 size of the JSON of the selected value.' }),
  data: z.unknown().optional().openapi({ description: 'The state by source name, or the value at `path`.' }),
  keys: z
    .unknown()
    .optional()
    .openapi({ description: '`keys_only`: the shape two levels deep (leaves are type names).' }),
  matches: z
    .array(z.object({ path: z.string(), preview: z.string(), addressable: z.literal(false).optional() }))
    .optional(),
  matches_total: z.number().int().optional(),
  matches_truncated: z.boolean().optional(),
  escalated: z.boolean().optional().openapi({ description: 'Present when `escalate` was sent.' }),
  stealth: stealthReport.optional(),
  warnings: z.array(z.string()),
});
