import { RENDERS_IN_BROWSER } from '../../browser/runtime.js';
import type { RedactionBlock } from '../../extract/redact.js';
import { type PageFormat, type PageFormats, renderPageFormats } from '../../page-formats/render.js';
import { defineTool, type ToolContext } from '../define.js';
import type { StealthReport } from '../shared/escalation.js';
import { fetchForTool } from '../shared/fetch-for-tool.js';
import { chargeWithEscalation, ESCALATION_CREDITS } from '../shared/params.js';
import { keptRedaction, redactIfRequested } from '../shared/redaction.js';
import { scrapeResult } from '../shared/result-schemas/scrape.js';
import { findHighlights, type Highlight } from './highlights.js';
import { passagesOf } from './passages.js';
import { type Answer, answerQuestion } from './question.js';
import { type ScrapeInput, scrapeSchema, wantsPassages } from './schema.js';

const BASE_PRICE = 2;
/** docs/reference/pages.md#limits: highlights or a question. */
const PASSAGES_ADD_ON = 1;

export const EMPTY_MAIN_CONTENT_WARNING =
  'The markdown is empty: no main content was found; onlyMainContent: false returns the whole page';
export const EMPTY_PAGE_WARNING = 'The markdown is empty: the page has no visible text';

export interface ScrapeFormats extends PageFormats {
  highlights?: Highlight[];
  answer?: Answer;
}

export interface ScrapeData {
  url: string;
  formats: ScrapeFormats;
  escalated: boolean;
  /** What the escalated render was; null when none ran (docs/reference/pages.md#bot-walls-and-escalation). */
  stealth: StealthReport | null;
  scraped_at: string;
  redaction?: RedactionBlock;
}

/** Base plus the passages add-on: what a call costs when no render runs. */
function firmPrice(input: ScrapeInput): number {
  return BASE_PRICE + (wantsPassages(input) ? PASSAGES_ADD_ON : 0);
}

export const scrapeTool = defineTool({
  name: 'scrape',
  kind: 'pages',
  summary:
    'One page as markdown, HTML, text, links and metadata, with query highlights and extractive answers.',
  description:
    'Fetches a page once and derives every requested format from that one body: markdown, cleaned html ' +
    'and text of the main content (or the whole page with onlyMainContent: false), rawHtml as served, ' +
    'link records and page metadata. `highlights` ranks the sentences, table rows and code blocks of ' +
    'the markdown against a query (BM25 over the page, light stemming); `question` returns the best-' +
    'matching passage as an extractive answer, `grounded: false` when none matches enough of the question. ' +
    'Offsets index the markdown of the same call. No model is involved.',
  price: firmPrice,
  holdCeiling: (input) => firmPrice(input) + (input.escalate ? ESCALATION_CREDITS : 0),
  basePrice: BASE_PRICE,
  pricingNotes: [
    `${BASE_PRICE} credits per call; +${PASSAGES_ADD_ON} when formats include highlights or a question.`,
    `escalate: true holds +${ESCALATION_CREDITS}, charged only when the stealth render runs.`,
    'Validation errors, robots and address refusals, blocked pages and failed fetches are uncharged.',
  ],
  schema: scrapeSchema,
  result: scrapeResult,
  example: {
    url: 'https://docs.example.com/guides/timeouts',
    formats: ['markdown', { type: 'highlights', query: 'default read timeout', max_highlights: 3 }],
  },
  browser: RENDERS_IN_BROWSER,
  async run(ctx, input): Promise<{ data: ScrapeData; credits: number }> {
    const fetched = await fetchForTool(ctx, input.url, {
      tool: 'scrape',
      timeoutMs: input.timeout,
      respectRobots: input.respect_robots,
      escalate: input.escalate,
      escalateEngine: input.escalate_engine,
      includeFastly: true,
    });
    const names = input.formats.filter((format): format is PageFormat => typeof format === 'string');
    const rendered = renderPageFormats(fetched.page, names, {
      onlyMainContent: input.onlyMainContent,
      withMarkdown: wantsPassages(input),
    });
    warnIfEmpty(ctx, rendered.markdown, input.onlyMainContent);

    /*
     * Redaction runs before passages are found, so highlights and evidence quote the redacted markdown
     * and their offsets index the markdown this response returns. Markdown that is only read for
     * passages is redacted, and counted, with the rest.
     */
    const { value: formats, redaction } = redactIfRequested(rendered, input.redact_pii);

    const data: ScrapeData = {
      url: fetched.page.finalUrl,
      formats: assembleFormats(input, formats),
      escalated: fetched.escalated,
      stealth: fetched.stealth,
      scraped_at: new Date().toISOString(),
      ...(redaction ? { redaction } : {}),
    };
    return { data, credits: chargeWithEscalation(firmPrice(input), fetched.escalated) };
  },
  keepWhenStored: (data) => ({
    url: data.url,
    escalated: data.escalated,
    stealth: data.stealth,
    scraped_at: data.scraped_at,
    ...keptRedaction(data),
  }),
});

/**
 * One key per requested format, in the order requested. Passages are read from the markdown as it is
 * returned (redacted when asked); markdown read only for them is then left out.
 */
function assembleFormats(input: ScrapeInput, formats: PageFormats): ScrapeFormats {
  const passages = wantsPassages(input) ? passagesOf(formats.markdown ?? '') : [];
  const out: ScrapeFormats = {};
  for (const format of input.formats) {
    if (typeof format === 'string') Object.assign(out, { [format]: formats[format] });
    else if (format.type === 'highlights')
      out.highlights = findHighlights(passages, format.query, format.max_highlights);
    else out.answer = answerQuestion(passages, format.question);
  }
  return out;
}

function warnIfEmpty(ctx: ToolContext, markdown: string | undefined, onlyMainContent: boolean): void {
  if (markdown === undefined || markdown.trim() !== '') return;
  ctx.warn(onlyMainContent ? EMPTY_MAIN_CONTENT_WARNING : EMPTY_PAGE_WARNING);
}
