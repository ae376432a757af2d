import { z } from '@hono/zod-openapi';

const text = z.string().nullable();

/** A page's head metadata (lib/extract/metadata), shared by the tools that report it. */
export const pageMetadataFields = {
  title: text,
  description: text,
  canonical_url: text,
  language: text,
  author: text,
  published_time: text,
  modified_time: text,
  site_name: text,
  favicon: text,
  image: text,
  keywords: z.array(z.string()),
  robots: text,
  open_graph: z
    .record(z.string(), z.union([z.string(), z.array(z.string())]))
    .openapi({ description: 'Every og:* and article:* property by its full name; repeats become arrays.' }),
  twitter: z.record(z.string(), z.string()),
  json_ld: z.array(z.unknown()).openapi({ description: 'Parsed JSON-LD blocks; invalid ones skipped.' }),
};

export const extractMetadataResult = z.object({
  url: text.openapi({ description: 'The URL asked for.' }),
  final_url: text,
  status_code: z.number().int().nullable(),
  content_type: text,
  ...pageMetadataFields,
  word_count: z.number().int().openapi({ description: 'Words of the visible text of the whole page.' }),
});
