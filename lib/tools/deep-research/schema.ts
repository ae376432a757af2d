import { z } from '@hono/zod-openapi';
import { TIME_RANGES } from '../../providers/kinds/web-search.js';
import { targetHost } from '../../search/target-host.js';
import { respectRobots } from '../shared/params.js';

export const DEPTH_LEVELS = ['surface', 'deep', 'comprehensive'] as const;
export type DepthLevel = (typeof DEPTH_LEVELS)[number];

/** Sources and queries per depth (the mapping is ours: docs/reference/providers.md#deep_research leaves it open). */
export const DEPTH_PLAN: Record<DepthLevel, { sources: number; queries: number }> = {
  surface: { sources: 3, queries: 1 },
  deep: { sources: 6, queries: 2 },
  comprehensive: { sources: 10, queries: 3 },
};

const domain = z
  .string()
  .trim()
  .refine((value) => targetHost(value) !== null, 'must be a domain such as example.com')
  .transform((value) => targetHost(value) as string);

/** Unknown keys, here and inside research_scope, are discarded (docs/reference/providers.md#deep_research). */
export const deepResearchSchema = z.object({
  research_query: z.string().trim().min(10, 'must be at least 10 characters').max(1_000).openapi({
    description: 'The question to research, at least 10 characters.',
    example: 'How do HTTP clients handle the Retry-After header?',
  }),
  research_scope: z
    .object({
      depth_level: z.enum(DEPTH_LEVELS).optional().openapi({
        description:
          '`surface` (3 sources, 1 query), `deep` (6 sources, 2 queries; the default), `comprehensive` (10 sources, 3 queries).',
        example: 'deep',
      }),
      time_range: z.enum(TIME_RANGES).optional().openapi({
        description: 'Only sources from the past day, week, month or year; `all` (default) for any time.',
        example: 'year',
      }),
      language: z
        .string()
        .regex(/^[A-Za-z]{2}$/, 'must be an ISO 639-1 code such as en')
        .transform((value) => value.toLowerCase())
        .optional()
        .openapi({
          description: 'ISO 639-1 language of the sources searched for (default `en`).',
          example: 'en',
        }),
      domains: z
        .array(domain)
        .max(10, 'at most 10 domains')
        .optional()
        .openapi({
          description: 'Search only these domains (and their subdomains), at most 10.',
          example: ['developer.mozilla.org', 'rfc-editor.org'],
        }),
    })
    .optional()
    .openapi({ description: 'Depth, time range, language and domains of the research.' }),
  max_sources: z.number().int().min(1).max(10).optional().openapi({
    description: 'Sources to read (1–10); overrides the depth level.',
    example: 5,
  }),
  respect_robots: respectRobots,
});

export type DeepResearchInput = z.output<typeof deepResearchSchema>;
