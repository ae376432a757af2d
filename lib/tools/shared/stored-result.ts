import { z } from '@hono/zod-openapi';

/**
 * What `data` holds instead of the result when it is over `max_inline_chars` (or the MCP cap, or
 * the 5 MB response cap): the handle read_result pages through, beside the fields the tool keeps
 * (its counts and metadata), which vary by tool and so are left open.
 */
export const storedResultSchema = z.looseObject({
  preview: z.string().openapi({ description: 'The first characters of the result JSON (at most 1,000).' }),
  result_handle: z.string().openapi({ description: 'Read the whole result with read_result (kept 1 hour).' }),
  total_chars: z.number().int().openapi({ description: 'Characters of the whole result JSON.' }),
  truncated: z.literal(true),
  expires_at: z.string().openapi({ description: 'When the stored result is deleted (ISO 8601).' }),
});
