import { z } from '@hono/zod-openapi';
import { redactionBlock } from '../shared/result-parts.js';

const text = z.string().nullable();

const pdfMetadata = z.object({
  title: text,
  author: text,
  subject: text,
  creator: text,
  producer: text,
  creation_date: text.openapi({ description: 'As embedded (`D:YYYYMMDDHHmmSS…`), never reinterpreted.' }),
  modification_date: text,
});

const htmlMetadata = z.object({ title: text, description: text, author: text });

export const processDocumentResult = z.object({
  url: z.string(),
  document_type: z.enum(['pdf', 'csv', 'txt', 'html', 'docx', 'xlsx']),
  content_type: text,
  file_size: z.number().int().openapi({ description: 'Bytes downloaded.' }),
  processed_at: z.string(),
  page_count: z.number().int().nullable(),
  pages_read: z
    .object({
      start: z.number().int(),
      end: z.number().int(),
      count: z.number().int(),
      total_pages: z.number().int(),
    })
    .nullable(),
  text,
  text_length: z.number().int().nullable(),
  metadata: z.union([pdfMetadata, htmlMetadata]).nullable(),
  tables: z
    .array(
      z.object({
        page: z.number().int().nullable().openapi({ description: '1-based PDF page; null for CSV.' }),
        rows: z.number().int(),
        columns: z.number().int(),
        data: z.array(z.array(z.string())),
      }),
    )
    .nullable(),
  notes: z.array(z.string()),
  images: z.null().openapi({ description: 'Images need the self-hosted server.' }),
  redaction: redactionBlock.optional(),
});
