import { z } from '@hono/zod-openapi';

export const analyzeContentResult = z.object({
  content_length: z.number().int().openapi({ description: 'Characters (code points) analysed.' }),
  word_count: z.number().int(),
  sentence_count: z.number().int(),
  avg_sentence_length: z.number().openapi({ description: 'Words per sentence, one decimal.' }),
  language: z
    .string()
    .nullable()
    .openapi({ description: 'With `detect_language`; `und` when undetermined.' }),
  keywords: z.array(z.object({ word: z.string(), frequency: z.number().int() })).nullable(),
  sentiment: z
    .object({
      score: z.number().openapi({ description: '−1..1, three decimals.' }),
      label: z.enum(['positive', 'negative', 'neutral', 'not_applicable']),
      notApplicable: z.literal('sentiment-lexicon-is-english-only').optional(),
      positive_matches: z.number().int(),
      negative_matches: z.number().int(),
      method: z.literal('lexicon'),
    })
    .nullable(),
  readability: z
    .object({
      flesch_score: z.number().nullable(),
      grade_level: z.enum(['middle_school', 'high_school', 'college']).nullable(),
    })
    .nullable(),
});
