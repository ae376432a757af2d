import { z } from '@hono/zod-openapi';
import { RENDERS_IN_BROWSER } from '../../browser/runtime.js';
import { type RedactionBlock, redactPiiSchema } from '../../extract/redact.js';
import { cssSelectorParam } from '../../extract/selector-param.js';
import { CLIENT_RENDERED_WARNING } from '../../fetch/assess-page.js';
import { isClientRenderedHtml } from '../../fetch/client-rendered.js';
import { defineTool, type ToolContext } from '../define.js';
import type { StealthReport } from '../shared/escalation.js';
import { loadPageSource } from '../shared/page-source.js';
import {
  chargeWithEscalation,
  escalate,
  escalateEngine,
  fetchTimeout,
  httpUrl,
  maxInlineChars,
  requireOneOf,
  respectRobots,
  suppliedHtml,
  urlEscalationHold,
} from '../shared/params.js';
import { keptRedaction, withRedaction } from '../shared/redaction.js';
import {
  CUT_MARKER,
  cutToLength,
  type OutputFormat,
  readExtractedText,
  type TextSource,
  wordCount,
} from './extracted-text.js';
import { extractTextResult } from './result-schema.js';

const PRICE = 1;
const ESCALATION_HOLD = urlEscalationHold(PRICE);

const schema = z
  .object({
    html: suppliedHtml(
      'HTML to read instead of fetching a page. One of `html` or `url` is required; `html` wins when both ' +
        'are sent, and `url` then only resolves its relative links. Never fetched, never escalated.',
      '<article><h1>Release notes</h1><p>Faster imports.</p></article>',
    ),
    url: httpUrl('Page to fetch and read (one fetch, 15 s at most).').optional(),
    selector: cssSelectorParam()
      .optional()
      .openapi({
        description:
          'CSS selector of the part to read; every match is read, in document order. Default: the whole ' +
          'rendered page, navigation and footer included. Invalid or matching nothing: 400, uncharged.',
        example: 'article',
      }),
    clean: z.boolean().default(true).openapi({
      description: 'Text format only: collapse runs of spaces and drop blank lines.',
      example: true,
    }),
    preserve_links: z.boolean().default(false).openapi({
      description: 'Text format only: follow each link text with ` (href)`, the href absolute.',
      example: false,
    }),
    preserve_formatting: z
      .boolean()
      .default(false)
      .openapi({
        description:
          'Text format only: a blank line between paragraphs, list items bulleted or numbered and indented, ' +
          'table cells separated by ` | `.',
        example: false,
      }),
    max_length: z
      .number()
      .int()
      .positive()
      .optional()
      .openapi({
        description:
          `Longest \`text\`/\`markdown\` returned, in characters; a longer result is cut to fit and ends in ` +
          `\`${CUT_MARKER}\`. \`truncated\` says whether it was cut.`,
        example: 5000,
      }),
    output_format: z.enum(['text', 'markdown']).default('text').openapi({
      description: '`text` returns `data.text`; `markdown` returns `data.markdown` (GFM).',
      example: 'text',
    }),
    escalate,
    escalate_engine: escalateEngine,
    redact_pii: redactPiiSchema,
    respect_robots: respectRobots,
    max_inline_chars: maxInlineChars,
    timeout: fetchTimeout({ max: 15000, default: 15000 }),
  })
  .refine(...requireOneOf('html', 'url'));

type ExtractTextInput = z.output<typeof schema>;

export interface ExtractTextData {
  text?: string;
  markdown?: string;
  output_format: OutputFormat;
  /** Of the returned text, before redaction. */
  word_count: number;
  char_count: number;
  truncated: boolean;
  metadata: {
    title: string | null;
    description: string | null;
    /** Of the whole extraction, before the `max_length` cut and before redaction. */
    word_count: number;
    character_count: number;
    selector_used: string | null;
    links_preserved: boolean;
    formatting_preserved: boolean;
  };
  /** The final URL after redirects; null for `html` input. */
  url: string | null;
  rendered: boolean;
  escalated: boolean;
  /** Present when the stealth render ran (docs/reference/pages.md#bot-walls-and-escalation). */
  stealth?: StealthReport;
  redaction?: RedactionBlock;
}

interface LoadedSource extends TextSource {
  url: string | null;
  rendered: boolean;
  escalated: boolean;
  stealth: StealthReport | null;
}

export const extractTextTool = defineTool({
  name: 'extract_text',
  kind: 'pages',
  summary: 'The readable text of a page or of supplied HTML, as plain text or markdown.',
  description:
    'Reads the text of a page (`url`) or of supplied `html`: the whole rendered page by default, or the ' +
    'parts a CSS `selector` names. Plain text (optionally with link targets and paragraph formatting) or ' +
    'GFM markdown, with word and character counts, title and description. XML is read one element per ' +
    'line, plain text and JSON as served. Binaries answer 415 (use process_document).',
  price: PRICE,
  holdCeiling: ESCALATION_HOLD.holdCeiling,
  // `html` wins when both are sent, and is never fetched nor escalated: read in-process at the firm price.
  chargesAfterRun: (input) => input.html !== undefined,
  basePrice: PRICE,
  pricingNotes: [
    `${PRICE} credit per call.`,
    ESCALATION_HOLD.note,
    'A bad or unmatched selector, a blocked page and every other error are uncharged.',
  ],
  schema,
  result: extractTextResult,
  example: { url: 'https://example.com/blog/launch', selector: 'article', output_format: 'markdown' },
  browser: RENDERS_IN_BROWSER,
  async run(ctx, input): Promise<{ data: ExtractTextData; credits: number }> {
    const source = await loadSource(ctx, input);
    const page = readExtractedText(source, input);
    const cut = cutToLength(page.content, input.max_length);
    const markdown = input.output_format === 'markdown';
    const words = wordCount(page.content);
    const data: ExtractTextData = {
      ...(markdown ? { markdown: cut.text } : { text: cut.text }),
      output_format: input.output_format,
      word_count: cut.truncated ? wordCount(cut.text) : words,
      char_count: cut.text.length,
      truncated: cut.truncated,
      metadata: {
        title: page.title,
        description: page.description,
        word_count: words,
        character_count: page.content.length,
        selector_used: input.selector ?? null,
        // Markdown always carries its links and structure; the text options describe text only.
        links_preserved: markdown || input.preserve_links,
        formatting_preserved: markdown || input.preserve_formatting,
      },
      url: source.url,
      rendered: source.rendered,
      escalated: source.escalated,
      ...(source.stealth ? { stealth: source.stealth } : {}),
    };
    return {
      data: withRedaction(data, input.redact_pii),
      credits: chargeWithEscalation(PRICE, source.escalated),
    };
  },
  keepWhenStored: (data) => ({
    output_format: data.output_format,
    word_count: data.word_count,
    char_count: data.char_count,
    metadata: data.metadata,
    url: data.url,
    rendered: data.rendered,
    escalated: data.escalated,
    ...(data.stealth ? { stealth: data.stealth } : {}),
    ...keptRedaction(data),
  }),
});

async function loadSource(ctx: ToolContext, input: ExtractTextInput): Promise<LoadedSource> {
  const source = await loadPageSource(ctx, input, {
    tool: 'extract_text',
    timeoutMs: input.timeout,
    respectRobots: input.respect_robots,
    escalate: input.escalate,
    escalateEngine: input.escalate_engine,
    urlNotFetched: (url) =>
      `url not fetched: html wins when both are sent; ${url} only resolves relative links`,
  });
  if (source.from === 'html') {
    // The gate never sees supplied HTML, but a shell sent here is just as empty: say why.
    const rendered = !isClientRenderedHtml(source.html);
    if (!rendered) ctx.warn(CLIENT_RENDERED_WARNING);
    return {
      kind: 'html',
      body: source.html,
      address: input.url ?? '',
      url: null,
      rendered,
      escalated: false,
      stealth: null,
    };
  }
  const { page, rendered, escalated, stealth } = source;
  // The gate answers 415 for binaries before this point.
  if (page.kind === 'binary') throw new Error('binary body passed the gate');
  return {
    kind: page.kind,
    body: page.body,
    address: page.finalUrl,
    mimeType: page.mimeType,
    url: page.finalUrl,
    rendered,
    escalated,
    stealth,
  };
}
