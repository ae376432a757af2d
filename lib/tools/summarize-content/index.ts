import { z } from '@hono/zod-openapi';
import { SUMMARY_TYPES, type Summary, summarize } from '../../analysis/summarize.js';
import { defineTool } from '../define.js';
import { type ArticleMetadata, loadTextSource } from '../shared/load-article-text.js';
import { fetchTimeout, requireOneOf, respectRobots, urlOrContent } from '../shared/params.js';
import { summarizeContentResult } from './result-schema.js';

export interface SummarizeContentData extends Summary {
  /** docs/reference/pages.md#summarize_content: present only with `include_metadata` on the `url` form. */
  metadata: ArticleMetadata | null;
}

const schema = z
  .object({
    ...urlOrContent({
      url: 'Page to summarise.',
      content: 'Text to summarise instead of fetching a page.',
      contentExample:
        'The council approved the new budget on Monday. Spending on parks rises by ten percent.',
    }),
    max_sentences: z.number().int().min(1).max(20).default(5).openapi({
      description: 'Most sentences in the summary (1–20); ignored for `brief`.',
      example: 3,
    }),
    summary_type: z
      .enum(SUMMARY_TYPES)
      .default('extractive')
      .openapi({
        description:
          '`extractive`: the leading sentences as one paragraph string; `key_points`: the same sentences as an ' +
          'array of strings; `brief`: the first sentence.',
        example: 'extractive',
      }),
    include_metadata: z.boolean().default(false).openapi({
      description:
        'With `url` only: adds `metadata` {title, description, author, publish_date}; otherwise null.',
      example: false,
    }),
    timeout: fetchTimeout({ default: 10000 }),
    respect_robots: respectRobots,
  })
  .refine(...requireOneOf('url', 'content'));

export const summarizeContentTool = defineTool({
  name: 'summarize_content',
  kind: 'pages',
  summary: 'Extractive summary of a page or a text: leading sentences, key points or a one-sentence brief.',
  description:
    'Splits the text of a page (`url`) or a supplied `content` into sentences (at `.`, `!`, `?` and the CJK ' +
    '`。！？`; fragments under 20 characters, 8 for CJK, dropped) and returns the leading ones as a paragraph, ' +
    'a list of key points or a one-sentence brief, with lengths and the compression ratio. No model is involved.',
  price: 4,
  // `url` wins when both are sent; supplied text alone is read in-process.
  chargesAfterRun: (input) => input.url === undefined,
  basePrice: 4,
  schema,
  result: summarizeContentResult,
  example: {
    content:
      'The council approved the new budget on Monday. Spending on parks rises by ten percent next year. ' +
      'A vote on the transport plan was postponed until the spring session.',
    max_sentences: 2,
    summary_type: 'extractive',
  },
  async run(ctx, input): Promise<{ data: SummarizeContentData }> {
    const { text, page } = await loadTextSource(ctx, input, 'summarize_content');
    const summary = summarize(text, { maxSentences: input.max_sentences, summaryType: input.summary_type });
    const metadata = page && input.include_metadata ? page.metadata : null;
    return { data: { ...summary, metadata } };
  },
});
