import { z } from '@hono/zod-openapi';
import { jsonSchemaParam } from '../../model-answers/answer-schema.js';
import { httpUrl, respectRobots } from '../shared/params.js';

export const agentSchema = z
  .object({
    prompt: z.string().trim().min(1, 'prompt is required').max(10_000).openapi({
      description: 'What to find out, in words. URLs written in it are read first.',
      example: 'What is the current price of the Acme Widget Pro, and does it ship to Norway?',
    }),
    maxSteps: z.number().int().min(1).max(20).default(8).openapi({
      description:
        'Most actions the agent takes (each search, page read and stealth retry is one step); keep it small.',
      example: 6,
    }),
    maxUrls: z.number().int().min(1).max(10).default(5).openapi({
      description: 'Most pages the agent reads.',
      example: 4,
    }),
    urls: z
      .array(httpUrl('A page to start from.'))
      .max(10)
      .optional()
      .openapi({
        description: 'Pages to read first, before anything the search finds.',
        example: ['https://shop.example.com/products/widget-pro'],
      }),
    schema: jsonSchemaParam('JSON Schema of a structured answer; without it the answer is prose.', {
      type: 'object',
      properties: {
        price: { type: 'number' },
        currency: { type: 'string' },
        ships_to_norway: { type: 'boolean' },
      },
    }).optional(),
    model: z.enum(['default', 'pro']).default('default').openapi({
      description: '`pro` is available on the self-hosted server only; the REST API refuses it.',
      example: 'default',
    }),
    respect_robots: respectRobots,
  })
  .superRefine((input, ctx) => {
    if (input.model === 'pro') {
      ctx.addIssue({
        code: 'custom',
        path: ['model'],
        message: 'model pro is unavailable on the REST API; use default',
      });
    }
  });

export type AgentInput = z.output<typeof agentSchema>;
