import { z } from '@hono/zod-openapi';
import { MARKUP_SOURCES } from '../../../structured/markup-values.js';

const llmProvider = z.enum(['local', 'hosted_a', 'hosted_b']);

export const extractStructuredResult = z.object({
  url: z.string().nullable(),
  extracted: z
    .record(z.string(), z.unknown())
    .openapi({ description: "The record, filled to the caller's schema." }),
  field_sources: z
    .record(z.string(), z.enum([...MARKUP_SOURCES, 'selector', 'model']).nullable())
    .openapi({ description: 'Which source filled each field; null when none did.' }),
  missing_fields: z.array(z.string()),
  schema_valid: z.boolean(),
  validation_errors: z.array(z.object({ field: z.string(), message: z.string() })),
  mode: z.enum(['markup', 'model']),
  provider_used: llmProvider.nullable(),
  model_used: z.string().nullable(),
  extracted_at: z.string(),
});

export { llmProvider };
