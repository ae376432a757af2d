import { z } from '@hono/zod-openapi';
import { llmProvider } from '../shared/result-schemas/extract-structured.js';

export const agentResult = z.object({
  prompt: z.string(),
  answer: z.unknown().openapi({ description: 'Prose, or JSON matching `schema`.' }),
  answer_format: z.enum(['prose', 'json']),
  method: z.enum(['llm', 'extractive']),
  provider_used: llmProvider.nullable(),
  model_used: z.string().nullable(),
  tokens_used: z.number().int(),
  schema_valid: z.boolean().optional(),
  validation_errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  field_sources: z
    .record(z.string(), z.object({ source: z.string(), url: z.string() }).nullable())
    .optional(),
  sources: z.array(
    z.object({
      url: z.string(),
      title: z.string(),
      fetched: z.boolean(),
      relevance_score: z.number(),
      used: z.boolean(),
    }),
  ),
  skipped: z.array(z.object({ url: z.string(), reason: z.string(), code: z.string() })),
  steps: z.array(
    z.object({
      step: z.number().int(),
      action: z.enum(['search', 'read', 'stealth_retry']),
      target: z.string(),
      outcome: z.string(),
    }),
  ),
  steps_used: z.number().int(),
  urls_read: z.number().int(),
  stealth_retries: z.number().int(),
  notes: z.array(z.string()),
});
