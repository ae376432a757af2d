import { z } from '@hono/zod-openapi';
import { analyzeText, type ContentAnalysis } from '../../analysis/analyze.js';
import { defineTool } from '../define.js';
import { loadTextSource } from '../shared/load-article-text.js';
import { fetchTimeout, requireOneOf, respectRobots, urlOrContent } from '../shared/params.js';
import { analyzeContentResult } from './result-schema.js';

const schema = z
  .object({
    ...urlOrContent({
      url: 'Page whose text is analysed.',
      content: 'Text to analyse instead of fetching a page.',
      contentExample:
        'Our new release is faster and far more reliable. Customers say the setup is a pleasure.',
    }),
    analyze_sentiment: z.boolean().default(false).openapi({
      description: 'Adds `sentiment` from a weighted English lexicon (score = summed weights / √word count).',
      example: true,
    }),
    extract_keywords: z.boolean().default(true).openapi({
      description: 'Adds `keywords`: the ten most frequent words over 3 characters, function words excluded.',
      example: true,
    }),
    detect_language: z.boolean().default(true).openapi({
      description: 'Adds `language`: an ISO 639-1 code, or `und` when the text is too short or ambiguous.',
      example: true,
    }),
    analyze_readability: z.boolean().default(false).openapi({
      description: 'Adds `readability`: Flesch reading ease (0–100) and a grade level.',
      example: false,
    }),
    timeout: fetchTimeout({ default: 10000 }),
    respect_robots: respectRobots,
  })
  .refine(...requireOneOf('url', 'content'));

export const analyzeContentTool = defineTool({
  name: 'analyze_content',
  kind: 'pages',
  summary: 'Word, sentence, keyword, language, sentiment and readability statistics for a page or a text.',
  description:
    'Analyses the text of a page (`url`) or a supplied `content`: length, word and sentence counts, average ' +
    'sentence length, the ten most frequent keywords, the language (ISO 639-1 or `und`), lexicon sentiment ' +
    '(English lexicon; other languages without a hit are `not_applicable`) and Flesch readability. ' +
    'Deterministic: no model is involved.',
  price: 3,
  // `url` wins when both are sent; supplied text alone is read in-process.
  chargesAfterRun: (input) => input.url === undefined,
  basePrice: 3,
  schema,
  result: analyzeContentResult,
  example: {
    content:
      'Our new release is faster and far more reliable. Customers say the setup is a pleasure. ' +
      'The old importer was slow and confusing, and we are glad to retire it.',
    analyze_sentiment: true,
    analyze_readability: true,
  },
  async run(ctx, input): Promise<{ data: ContentAnalysis }> {
    const { text } = await loadTextSource(ctx, input, 'analyze_content');
    return {
      data: analyzeText(text, {
        analyzeSentiment: input.analyze_sentiment,
        extractKeywords: input.extract_keywords,
        detectLanguage: input.detect_language,
        analyzeReadability: input.analyze_readability,
      }),
    };
  },
});
