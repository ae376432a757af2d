import { z } from '@hono/zod-openapi';
import { ApiError } from '../../errors/api-error.js';
import { defineTool, type ToolOutcome } from '../define.js';
import { fetchEnvironment } from '../shared/fetch-for-tool.js';
import { fetchTimeout, httpUrl, respectRobots } from '../shared/params.js';
import { templates } from './catalog.js';
import { listTemplates, type TemplateCatalog } from './listing.js';
import { scrapeTemplateResult } from './result-schema.js';
import { type Selection, selectTemplate } from './select.js';
import { createSourceReader } from './source-reader.js';
import type { Extraction, TemplateContext } from './template.js';

const PRICE = 1;
const templateIds = templates.map((template) => template.id);

const schema = z.object({
  template: z.enum(['auto', 'list', ...templateIds] as [string, ...string[]]).openapi({
    description:
      'A template name; `auto` picks one from `url` (the response reports which); `list` returns every template ' +
      'with its mode and, for the API connectors, its params.',
    example: 'jobs-board-1',
  }),
  url: httpUrl(
    'The page a page template reads, or a platform URL a connector resolves to params (a board URL). ' +
      'Required unless `template` is `list` or a connector gets `params`.',
    'https://boards.greenhouse.io/acme',
  ).optional(),
  params: z
    .record(z.string(), z.unknown())
    .optional()
    .openapi({
      description:
        'Inputs of an API connector (`template: list` names them). A missing or bad one is refused naming it.',
      example: { company: 'acme', content: true },
    }),
  timeout: fetchTimeout({ min: 5000, max: 60000, default: 15000 }),
  respect_robots: respectRobots,
});

export interface TemplateResponse {
  template: string;
  /** Present (true) when `auto` chose the template. */
  auto?: true;
  template_name: string;
  params: Record<string, unknown>;
  data: unknown;
  extracted_at: string;
  fetched_url?: string;
}

export const scrapeTemplateTool = defineTool({
  name: 'scrape_template',
  kind: 'templates',
  summary: 'A clean record or list from a site people use every day, or a public job-board or registry API.',
  description:
    'Twenty templates, no selectors to write: ten page templates (marketplace product, storefront product and ' +
    'collection, code-host repository, video, forum thread, news front page, launch, Q&A question, package), six ' +
    'job-board API connectors sharing one job record, and two government registry connectors. `auto` picks a ' +
    'template from the URL; `list` shows them all. Every request goes through the guarded fetcher (SSRF rules, ' +
    'robots.txt for pages, size caps).',
  price: PRICE,
  basePrice: PRICE,
  pricingNotes: [`${PRICE} credit per call, list included; every error is uncharged.`],
  schema,
  result: scrapeTemplateResult,
  example: { template: 'jobs-board-1', params: { company: 'acme' } },
  async run(ctx, input): Promise<ToolOutcome<TemplateResponse | TemplateCatalog>> {
    if (input.template === 'list') return { data: listTemplates() };
    const selection = selectTemplate(input, ctx.warn);
    const templateContext: TemplateContext = {
      reader: createSourceReader(fetchEnvironment(ctx), {
        timeoutMs: input.timeout,
        respectRobots: input.respect_robots,
      }),
      warn: ctx.warn,
    };
    const extraction = await extractGuessed(selection, () =>
      selection.kind === 'page'
        ? selection.template.extract(templateContext, selection.url)
        : selection.template.extract(templateContext, selection.params),
    );
    const response: TemplateResponse = {
      template: selection.template.id,
      ...(selection.autoMatch ? { auto: true as const } : {}),
      template_name: selection.template.name,
      params: selection.kind === 'params' ? selection.params : {},
      data: extraction.data,
      extracted_at: new Date().toISOString(),
    };
    if (selection.url === null || extraction.fetchedUrl !== selection.url.href) {
      response.fetched_url = extraction.fetchedUrl;
    }
    return { data: response };
  },
  keepWhenStored: (data) => {
    const response = data as Partial<TemplateResponse>;
    return {
      template: response.template,
      template_name: response.template_name,
      params: response.params,
      extracted_at: response.extracted_at,
      fetched_url: response.fetched_url,
    };
  },
});

/** What tells `auto` that a site chosen only by its path shape was not that platform after all. */
const NOT_THE_PLATFORM = new Set(['NO_TEMPLATE_MATCH', 'UPSTREAM_HTTP', 'FETCH_FAILED']);

/**
 * `auto` knows most platforms by host; a shop on its own domain only by the shape of its path
 * (`/products/<handle>`), which other sites share. When such a guess finds no shop there (no product
 * data, a 404, a host that does not answer), the honest answer is that no template matched the URL.
 */
async function extractGuessed(selection: Selection, extract: () => Promise<Extraction>): Promise<Extraction> {
  try {
    return await extract();
  } catch (error) {
    if (selection.autoMatch === 'path' && error instanceof ApiError && NOT_THE_PLATFORM.has(error.code)) {
      throw new ApiError(
        'NO_TEMPLATE_MATCH',
        `No template matches ${selection.url?.href}: its path looks like ${selection.template.id}, but the site is not one (${error.message})`,
        { details: [{ field: 'url', message: 'no template recognises this host and path' }] },
      );
    }
    throw error;
  }
}
