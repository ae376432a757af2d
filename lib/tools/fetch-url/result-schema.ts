import { z } from '@hono/zod-openapi';
import { redactionBlock } from '../shared/result-parts.js';

export const fetchUrlResult = z.object({
  url: z.string().openapi({ description: 'The URL asked for.' }),
  final_url: z.string().openapi({ description: 'The URL that answered, after redirects.' }),
  status_code: z.number().int(),
  content_type: z
    .string()
    .nullable()
    .openapi({ description: 'MIME type without parameters; null when none was sent.' }),
  charset: z.string().openapi({ description: 'The encoding the body was decoded from (WHATWG name).' }),
  bytes: z
    .number()
    .int()
    .openapi({ description: 'Body size after content decoding, before charset decoding.' }),
  redirects: z.array(z.string()).openapi({ description: 'Each URL a redirect led to, in order.' }),
  headers: z
    .record(z.string(), z.string())
    .openapi({ description: 'Response headers, lower-cased; Set-Cookie left out.' }),
  content: z.string(),
  format: z.enum(['html', 'text', 'markdown']),
  fetched_at: z.string(),
  redaction: redactionBlock.optional(),
});
