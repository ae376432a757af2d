import { z } from '@hono/zod-openapi';
import { analyzeText, type ContentAnalysis } from '../../analysis/analyze.js';
import { defineTool, type ToolContext } from '../define.js';
import { loadPageText } from '../shared/load-page-text.js';
import { fetchTimeout, httpUrl, respectRobots } from '../shared/params.js';

const schema = z
  .object({
    url: httpUrl(
      'Page whose text is analysed. One of `url` or `content` is required; `url` wins when both are sent.',
      'https://example.com/blog/launch',
    ).optional(),
    content: z.string().min(1, 'content must not be empty').optional().openapi({
      description: 'Text to analyse instead of fetching a page. Ignored when `url` is also sent.',
      example: 'Our new release is faster and far more reliable. Customers say the setup is a pleasure.',
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
    timeout: fetchTimeout({ min: 1000, max: 30000, default: 10000 }),
    respect_robots: respectRobots,
  })
  .refine((input) => input.url !== undefined || input.content !== undefined, {
    message: 'one of url or content is required',
    path: ['url'],
  });

type AnalyzeContentInput = z.output<typeof schema>;

export const analyzeContentTool = defineTool({
  name: 'analyze_content',
  summary: 'Word, sentence, keyword, language, sentiment and readability statistics for a page or a text.',
  description:
    'Analyses the text of a page (`url`) or a supplied `content`: length, word and sentence counts, average ' +
    'sentence length, the ten most frequent keywords, the language (ISO 639-1 or `und`), lexicon sentiment ' +
    '(English lexicon; other languages without a hit are `not_applicable`) and Flesch readability. ' +
    'Deterministic: no model is involved.',
  price: 3,
  basePrice: 3,
  schema,
  example: {
    content:
      'Our new release is faster and far more reliable. Customers say the setup is a pleasure. ' +
      'The old importer was slow and confusing, and we are glad to retire it.',
    analyze_sentiment: true,
    analyze_readability: true,
  },
  async run(ctx, input): Promise<{ data: ContentAnalysis }> {
    const text = await sourceText(ctx, input);
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

async function sourceText(ctx: ToolContext, input: AnalyzeContentInput): Promise<string> {
  if (input.url === undefined) return input.content ?? '';
  if (input.content !== undefined) ctx.warn('content ignored: url wins when both are sent');
  const page = await loadPageText(ctx, input.url, {
    tool: 'analyze_content',
    timeoutMs: input.timeout,
    respectRobots: input.respect_robots,
  });
  return page.text;
}
