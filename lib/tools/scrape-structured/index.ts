import { z } from '@hono/zod-openapi';
import { validationError } from '../../errors/api-error.js';
import { PageDocument } from '../../extract/page-document.js';
import { assertValidSelector, SelectorError } from '../../extract/selector.js';
import type { StructuredItems, StructuredRecord } from '../../extract/structured.js';
import { defineTool, type ToolContext } from '../define.js';
import { loadPageSource } from '../shared/page-source.js';
import { httpUrl, requireOneOf, respectRobots, suppliedHtml } from '../shared/params.js';
import { scrapeStructuredResult } from './result-schema.js';

const MAX_FIELDS = 100;
/** docs/reference/pages.md#scrape_structured has no timeout parameter; extract_text's fetch budget (docs/reference/pages.md#limits) is the closest precedent. */
const FETCH_TIMEOUT_MS = 15_000;
/** An attribute name as HTML tokenises it: anything but whitespace, quotes, `>`, `/` and `=`. */
const ATTRIBUTE_NAME = /^[^\s"'>/=]+$/;

const selectors = z
  .record(z.string().min(1, 'field names must not be empty').max(200), z.string().max(2000))
  .superRefine((fields, ctx) => {
    const entries = Object.entries(fields);
    if (entries.length === 0) ctx.addIssue({ code: 'custom', message: 'selectors needs at least one field' });
    if (entries.length > MAX_FIELDS)
      ctx.addIssue({ code: 'custom', message: `selectors takes at most ${MAX_FIELDS} fields` });
    for (const [field, selector] of entries) {
      const problem = selectorProblem(selector);
      if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
    }
  })
  .openapi({
    description:
      'Field name → CSS selector (at least one, at most 100). An invalid selector is refused with 400 naming ' +
      'the field (`selectors.<field>`), before anything is fetched.',
    example: { title: 'h1', price: '.price', image: 'img.product' },
  });

const schema = z
  .object({
    url: httpUrl(
      'Page to read. One of `url` or `html` is required; with both, `html` is read and `url` only resolves ' +
        'its relative URLs.',
      'https://shop.example.com/products/trail-runner-4',
    ).optional(),
    html: suppliedHtml(
      'HTML to read instead of fetching a page; never fetched, so robots.txt does not apply.',
      '<div class="card"><h2>Trail Runner 4</h2><span class="price">$129</span></div>',
    ),
    selectors,
    base_url: httpUrl(
      'Overrides `<base href>` (and the page URL) for URL attributes; supply it with `html`.',
      'https://shop.example.com/',
    ).optional(),
    multiple: z
      .boolean()
      .default(false)
      .openapi({
        description:
          'false: `data` is one record, each field the first match. true: `data` is `{items, count, ' +
          'total_found}`: one record per repeating item (the field with the most matches marks the items; ' +
          'the others are read inside each item, or paired by position when the page has no wrapper), ' +
          '`count` items returned and `total_found` before `max_items`.',
        example: false,
      }),
    clean_text: z.boolean().default(true).openapi({
      description: 'Collapse whitespace and trim each value; false keeps the text as the page wrote it.',
      example: true,
    }),
    include_attributes: z
      .array(z.string().regex(ATTRIBUTE_NAME, 'not an attribute name'))
      .max(20)
      .optional()
      .openapi({
        description:
          'Attributes to read from each matched element. With it, every value becomes `{text, attributes}`, ' +
          'one entry per name (null when absent); href, src, action, poster, cite, data-src and data-href ' +
          'come back absolute.',
        example: ['href', 'src'],
      }),
    max_items: z.number().int().min(1).max(1000).default(100).openapi({
      description: 'Most items returned with `multiple` (1–1000).',
      example: 100,
    }),
    respect_robots: respectRobots,
  })
  .refine(...requireOneOf('url', 'html'));

type ScrapeStructuredInput = z.output<typeof schema>;
export type ScrapeStructuredData = StructuredRecord | StructuredItems;

export const scrapeStructuredTool = defineTool({
  name: 'scrape_structured',
  kind: 'pages',
  summary: 'Named fields read from a page or an HTML string by CSS selectors: one record or a list.',
  description:
    'Reads each field of `selectors` from a page (`url`) or supplied `html`. Without `multiple`, `data` is ' +
    'the record itself: each field name maps to the text of its first match, null when nothing matched ' +
    '(or to `{text, attributes}` with `include_attributes`). With `multiple`, `data` is `{items, count, ' +
    'total_found}`. No page code runs.',
  price: 2,
  // `html` wins when both are sent and is never fetched: read in-process at the firm price.
  chargesAfterRun: (input) => input.html !== undefined,
  basePrice: 2,
  schema,
  result: scrapeStructuredResult,
  example: {
    url: 'https://shop.example.com/category/running',
    selectors: { name: '.card h2', price: '.card .price', link: '.card a' },
    multiple: true,
    include_attributes: ['href'],
  },
  async run(ctx, input): Promise<{ data: ScrapeStructuredData }> {
    const document = await loadDocument(ctx, input);
    try {
      return {
        data: document.structured(input.selectors, {
          multiple: input.multiple,
          clean_text: input.clean_text,
          include_attributes: input.include_attributes,
          max_items: input.max_items,
        }),
      };
    } catch (error) {
      // The schema validated every selector; this is the parser disagreeing with itself.
      if (error instanceof SelectorError) throw selectorRefused(input.selectors, error);
      throw error;
    }
  },
  keepWhenStored: (data) =>
    'items' in data && Array.isArray(data.items) ? { count: data.count, total_found: data.total_found } : {},
});

async function loadDocument(ctx: ToolContext, input: ScrapeStructuredInput): Promise<PageDocument> {
  const source = await loadPageSource(ctx, input, {
    tool: 'scrape_structured',
    timeoutMs: FETCH_TIMEOUT_MS,
    respectRobots: input.respect_robots,
  });
  return source.from === 'html'
    ? PageDocument.parse(source.html, input.url ?? input.base_url ?? '', { baseUrl: input.base_url })
    : PageDocument.parse(source.page.body, source.page.finalUrl, { baseUrl: input.base_url });
}

function selectorRefused(fields: Record<string, string>, error: SelectorError) {
  const named = Object.keys(fields).filter((field) => fields[field] === error.selector);
  return validationError(
    error.message,
    named.map((field) => ({ field: `selectors.${field}`, message: error.message })),
  );
}

function selectorProblem(selector: string): string | null {
  try {
    assertValidSelector(selector);
    return null;
  } catch (error) {
    if (error instanceof SelectorError) return error.message;
    throw error;
  }
}
