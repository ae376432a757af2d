import { z } from '@hono/zod-openapi';

/** A field's text (null when nothing matched), or `{text, attributes}` with `include_attributes`. */
const fieldValue = z.union([
  z.string(),
  z.null(),
  z.object({ text: z.string().nullable(), attributes: z.record(z.string(), z.string().nullable()) }),
]);

const structuredRecord = z.record(z.string(), fieldValue);

export const scrapeStructuredResult = z
  .union([
    z.object({
      items: z.array(structuredRecord),
      count: z.number().int(),
      total_found: z.number().int().openapi({ description: 'Repeating items found before `max_items`.' }),
    }),
    structuredRecord,
  ])
  .openapi({
    description:
      'Without `multiple`: one record, field name → value. With `multiple`: `{items, count, total_found}`.',
  });
