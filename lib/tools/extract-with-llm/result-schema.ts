import { z } from '@hono/zod-openapi';
import { llmProvider } from '../shared/result-schemas/extract-structured.js';

export const extractWithLlmResult = z.object({
  extracted: z.unknown().openapi({ description: "The model's answer: text, or JSON matching `schema`." }),
  provider: llmProvider,
  provider_used: llmProvider,
  model_used: z.string(),
  tokens_used: z.number().int(),
  prompt_used: z.string(),
});
