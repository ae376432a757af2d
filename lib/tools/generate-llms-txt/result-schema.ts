import { z } from '@hono/zod-openapi';

const flag = z.boolean();

export const generateLlmsTxtResult = z.object({
  url: z.string(),
  llms_txt: z.string().optional(),
  llms_full_txt: z.string().optional(),
  pages_analyzed: z.number().int(),
  pages: z.array(z.object({ url: z.string(), title: z.string().nullable() })),
  compliance: z.object({
    robots_txt_found: flag,
    disallow_count: z.number().int(),
    respect_robots: flag,
    urls_left_out: z.number().int(),
    pages_opted_out: z.number().int(),
    level: z.enum(['basic', 'standard', 'strict']),
  }),
  api_endpoints_detected: z.array(
    z.object({ url: z.string(), kind: z.enum(['openapi', 'graphql', 'rest']), found_on: z.string() }),
  ),
  clamps_applied: z.array(
    z.object({ option: z.string(), requested: z.number(), applied: z.number(), reason: z.string() }),
  ),
  analysis: z
    .object({
      total_words: z.number().int(),
      average_words_per_page: z.number(),
      sections: z.record(z.string(), z.number().int()),
      languages: z.record(z.string(), z.number().int()),
    })
    .optional(),
  security: z
    .object({
      https: flag,
      hsts: flag,
      content_security_policy: flag,
      x_frame_options: flag,
      x_content_type_options: flag,
      referrer_policy: flag,
    })
    .optional(),
  generated_at: z.string(),
});
