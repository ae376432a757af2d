import { z } from '@hono/zod-openapi';

const text = z.string().nullable();

export const localizationResult = z.object({
  url: z.string(),
  detected_language: text.openapi({ description: 'ISO 639-1 of the visible text, `und` when too short.' }),
  html_lang: text,
  content_language_header: text,
  alternate_languages: z.array(z.object({ lang: z.string(), url: z.string() })),
  language_count: z.number().int(),
  is_multilingual: z.boolean(),
  target_language: text,
  matches_target: z.boolean().nullable(),
  target_country: text,
  geo_targeted: z.boolean(),
  geo_targeting: z
    .object({ region: text, position: text, has_geo_meta: z.boolean() })
    .optional()
    .openapi({ description: 'With `check_geo_targeting`.' }),
});
