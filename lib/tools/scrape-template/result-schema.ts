import { z } from '@hono/zod-openapi';

const extracted = z.object({
  template: z.string(),
  auto: z.literal(true).optional().openapi({ description: 'Present when `auto` chose the template.' }),
  template_name: z.string(),
  params: z.record(z.string(), z.unknown()),
  data: z
    .unknown()
    .openapi({ description: "The template's record (or list of records); its fields vary by template." }),
  extracted_at: z.string(),
  fetched_url: z.string().optional(),
});

const catalog = z.object({
  template: z.literal('list'),
  count: z.number().int(),
  templates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      mode: z.enum(['entity', 'list']),
      group: z.enum(['page', 'jobs', 'government']),
      input: z.enum(['url', 'params']),
      sources: z.array(z.string()),
      examples: z.array(z.string()),
      params: z
        .array(z.object({ name: z.string(), required: z.boolean(), description: z.string() }))
        .optional(),
    }),
  ),
});

export const scrapeTemplateResult = z
  .union([catalog, extracted])
  .openapi({ description: '`template: list`: the catalog; any other template: what it extracted.' });
