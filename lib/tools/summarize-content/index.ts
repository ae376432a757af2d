import { z } from '@hono/zod-openapi';
import { SUMMARY_TYPES, type Summary, summarize } from '../../analysis/summarize.js';
import { ApiError } from '../../errors/api-error.js';
import { defineTool, type ToolContext } from '../define.js';

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
    url: z
      .url({ protocol: /^https?$/, error: 'url must be an absolute http(s) URL' })
      .optional()
      .openapi({
        description:
          'Page to summarise. One of `url` or `content` is required; `url` wins when both are sent.',
        example: 'https://example.com/blog/launch',
      }),
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
    timeout: z.number().int().min(1000).max(30000).default(10000).openapi({
      description: 'Fetch timeout in milliseconds for the `url` form (1000–30000).',
      example: 10000,
    }),
    respect_robots: z.boolean().default(true).openapi({
      description:
        '`url` form only: check robots.txt before fetching; false fetches anyway and adds a warning.',
      example: true,
    }),
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
  // The page loader (fetch, robots, SSRF guard, HTML to text and metadata) lands with the fetcher.
  throw new ApiError('TOOL_NOT_AVAILABLE', 'url form arrives with the fetcher');
}
