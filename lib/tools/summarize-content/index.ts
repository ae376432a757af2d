import { z } from '@hono/zod-openapi';
import { SUMMARY_TYPES, type Summary, summarize } from '../../analysis/summarize.js';
import { defineTool, type ToolContext } from '../define.js';
import { loadPageText } from '../shared/load-page-text.js';
import { fetchTimeout, httpUrl, respectRobots } from '../shared/params.js';

/** §4.11: present only with `include_metadata` on the `url` form. */
export interface PageMetadata {
  title: string | null;
  description: string | null;
  author: string | null;
  publish_date: string | null;
}

export interface SummarizeContentData extends Summary {
  metadata: PageMetadata | null;
}

const schema = z
  .object({
    url: httpUrl(
      'Page to summarise. One of `url` or `content` is required; `url` wins when both are sent.',
      'https://example.com/blog/launch',
    ).optional(),
    content: z.string().min(1, 'content must not be empty').optional().openapi({
      description: 'Text to summarise instead of fetching a page. Ignored when `url` is also sent.',
      example: 'The council approved the new budget on Monday. Spending on parks rises by ten percent.',
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
    timeout: fetchTimeout({ min: 1000, max: 30000, default: 10000 }),
    respect_robots: respectRobots,
  })
  .refine((input) => input.url !== undefined || input.content !== undefined, {
    message: 'one of url or content is required',
    path: ['url'],
  });

type SummarizeContentInput = z.output<typeof schema>;

export const summarizeContentTool = defineTool({
  name: 'summarize_content',
  summary: 'Extractive summary of a page or a text: leading sentences, key points or a one-sentence brief.',
  description:
    'Splits the text of a page (`url`) or a supplied `content` into sentences (at `.`, `!`, `?` and the CJK ' +
    '`。！？`; fragments under 20 characters, 8 for CJK, dropped) and returns the leading ones as a paragraph, ' +
    'a list of key points or a one-sentence brief, with lengths and the compression ratio. No model is involved.',
  price: 4,
  basePrice: 4,
  schema,
  example: {
    content:
      'The council approved the new budget on Monday. Spending on parks rises by ten percent next year. ' +
      'A vote on the transport plan was postponed until the spring session.',
    max_sentences: 2,
    summary_type: 'extractive',
  },
  async run(ctx, input): Promise<{ data: SummarizeContentData }> {
    const { text, metadata } = await sourceText(ctx, input);
    const summary = summarize(text, { maxSentences: input.max_sentences, summaryType: input.summary_type });
    return { data: { ...summary, metadata } };
  },
});

async function sourceText(
  ctx: ToolContext,
  input: SummarizeContentInput,
): Promise<{ text: string; metadata: PageMetadata | null }> {
  if (input.url === undefined) return { text: input.content ?? '', metadata: null };
  if (input.content !== undefined) ctx.warn('content ignored: url wins when both are sent');
  const page = await loadPageText(ctx, input.url, {
    tool: 'summarize_content',
    timeoutMs: input.timeout,
    respectRobots: input.respect_robots,
  });
  return { text: page.text, metadata: input.include_metadata ? page.metadata : null };
}
