import { z } from '@hono/zod-openapi';

export const listLocalModelsResult = z.object({
  base_url: z.string().openapi({ description: 'The Ollama runtime that answered.' }),
  count: z.number().int(),
  models: z.array(
    z.object({
      name: z.string(),
      size: z.number().int().openapi({ description: 'Bytes.' }),
      modified_at: z.string(),
      digest: z.string(),
    }),
  ),
});
