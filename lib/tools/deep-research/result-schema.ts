import { z } from '@hono/zod-openapi';

export const deepResearchResult = z.object({
  research_query: z.string(),
  methodology: z.object({
    queries_run: z.number().int(),
    queries: z.array(z.string()),
    search_backend: z.string(),
    sources_considered: z.number().int(),
    sources_fetched: z.number().int(),
    synthesis: z.literal('extractive'),
    llm_used: z.literal(false),
  }),
  key_findings: z
    .array(
      z.object({
        text: z.string(),
        source_url: z.string(),
        source_title: z.string(),
        relevance_score: z.number(),
      }),
    )
    .openapi({ description: 'The passages that answer the question, best first.' }),
  sources: z.array(
    z.object({
      url: z.string(),
      title: z.string(),
      snippet: z.string(),
      fetched: z.boolean(),
      domain: z.string(),
    }),
  ),
  summary: z.string(),
  notes: z.array(z.string()),
  researched_at: z.string(),
});
