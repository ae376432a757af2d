import { z } from '@hono/zod-openapi';
import { redactPiiSchema } from '../../extract/redact.js';
import { httpUrl, maxInlineChars, respectRobots } from '../shared/params.js';

export const DOCUMENT_TYPES = ['auto', 'pdf', 'csv', 'txt', 'docx', 'xlsx'] as const;

export const processDocumentSchema = z.object({
  url: httpUrl('Document to read: an absolute http(s) URL.', 'https://example.com/reports/annual.pdf'),
  document_type: z.enum(DOCUMENT_TYPES).default('auto').openapi({
    description:
      '`auto` detects the type from the Content-Type, the extension and the first bytes. `docx` and `xlsx` are accepted and answered 501: office formats are read only by the self-hosted server.',
    example: 'auto',
  }),
  extract_text: z.boolean().default(true).openapi({
    description: '`text` and `text_length`: at most 200,000 characters, from the first 200 PDF pages.',
    example: true,
  }),
  extract_metadata: z.boolean().default(true).openapi({
    description:
      'PDF: title, author, subject, creator, producer, creation_date, modification_date (dates as embedded, `D:YYYYMMDDHHmmSS`); HTML: title, description, author.',
    example: true,
  }),
  extract_tables: z.boolean().default(false).openapi({
    description:
      'PDF: up to 20 tables of 1,000 rows, found from text positions; CSV: the file as one table; HTML: a note.',
    example: false,
  }),
  extract_images: z.boolean().default(false).openapi({
    description: 'Hosted service: `images` is null and a note says images need the self-hosted server.',
    example: false,
  }),
  timeout: z.number().int().min(1000).max(60000).default(30000).openapi({
    description: 'Milliseconds for the whole call (1000–60000); the download itself gets at most 20,000.',
    example: 30000,
  }),
  respect_robots: respectRobots,
  max_inline_chars: maxInlineChars,
  redact_pii: redactPiiSchema,
});

export type ProcessDocumentInput = z.output<typeof processDocumentSchema>;
