import { z } from '@hono/zod-openapi';
import { navigate, preflight } from '../../browser/guard/navigation.js';
import { RequestGuard } from '../../browser/guard/request-guard.js';
import { actionsSchema } from '../../browser/page/action-schema.js';
import { asFetchedPage, readLivePage } from '../../browser/page/live-page.js';
import { type ActionResult, runActions } from '../../browser/page/run-actions.js';
import { RefStore } from '../../browser/page/snapshot.js';
import { RENDERS_IN_BROWSER } from '../../browser/runtime.js';
import { defaultStealthConfig } from '../../browser/stealth/stealth-config.js';
import { browserRuntimeOf, callScope } from '../../browser/tool-bridge.js';
import { type RedactionBlock, redactPiiSchema } from '../../extract/redact.js';
import { type PageFormats, renderPageFormats } from '../../page-formats/render.js';
import { defineTool } from '../define.js';
import { httpUrl, maxInlineChars, respectRobots } from '../shared/params.js';
import { keptRedaction, withRedaction } from '../shared/redaction.js';
import { scrapeWithActionsResult } from './result-schema.js';

/**
 * scrape_with_actions (shape "not shown" in the spec; ours, as users of scraping APIs know it from
 * Firecrawl's `actions` and ScrapingBee's `js_scenario`): load a page, run up to 20 actions of the
 * same kinds as browser_session `act`, then return the formats of `scrape` from the page the actions
 * left. One call, one fresh browser context, 5 credits.
 */

const PRICE = 5;
const FORMATS = ['markdown', 'html', 'rawHtml', 'text', 'links', 'metadata'] as const;

const schema = z.object({
  url: httpUrl(
    'The page to load before the actions run; the SSRF guard and robots.txt apply to it and every navigation.',
  ),
  actions: actionsSchema,
  formats: z
    .array(z.enum(FORMATS))
    .min(1)
    .max(FORMATS.length)
    .default(['markdown'])
    .openapi({
      description:
        'Formats of the final page, as scrape returns them: markdown, html, rawHtml, text, links, metadata.',
      example: ['markdown'],
    }),
  onlyMainContent: z.boolean().default(true).openapi({
    description: 'markdown, html and text cover the main content only; false takes the whole page.',
    example: true,
  }),
  wait_for: z.number().int().min(0).max(30000).default(0).openapi({
    description: 'Milliseconds to wait after the page loaded, before the first action (0–30000).',
    example: 0,
  }),
  timeout: z.number().int().min(10000).max(60000).default(30000).openapi({
    description:
      'Milliseconds (10000–60000) for the first navigation and the action chain each; keep within the ~25 s REST window.',
    example: 30000,
  }),
  continue_on_error: z.boolean().default(false).openapi({
    description: 'Keep running after a failed action; `action_results` say which ran.',
    example: false,
  }),
  stealth: z.boolean().default(false).openapi({
    description: 'Use the stealth engine at level medium (does not solve challenges).',
    example: false,
  }),
  respect_robots: respectRobots,
  max_inline_chars: maxInlineChars,
  redact_pii: redactPiiSchema,
});

type ScrapeWithActionsInput = z.output<typeof schema>;

export interface ScrapeWithActionsData {
  url: string;
  final_url: string;
  title: string;
  status: number;
  action_results: ActionResult[];
  formats: PageFormats;
  scraped_at: string;
  redaction?: RedactionBlock;
}

export const scrapeWithActionsTool = defineTool({
  name: 'scrape_with_actions',
  kind: 'browsers',
  summary: 'Load a page, click, type, scroll and wait through it, then scrape what it shows.',
  description:
    'Opens the page in a browser, runs 1 to 20 actions in order (click, type, press, select, hover, scroll, wait, ' +
    'navigate, screenshot, snapshot: the same list as browser_session act, `@e<n>` refs from a snapshot action ' +
    'included; never page JavaScript), then returns the formats of scrape (markdown, html, rawHtml, text, links, ' +
    'metadata) from the final page with per-action results. The first failed action ends the call unless ' +
    '`continue_on_error`. Every navigation passes the SSRF guard and robots.txt.',
  price: PRICE,
  basePrice: PRICE,
  pricingNotes: [`${PRICE} credits per call, whatever the number of actions.`, 'Errors are uncharged.'],
  schema,
  result: scrapeWithActionsResult,
  example: {
    url: 'https://example.com/search',
    actions: [
      { type: 'type', selector: 'input[name=q]', text: 'trail shoes' },
      { type: 'press', key: 'Enter' },
      { type: 'wait', duration: 1000 },
    ],
    formats: ['markdown'],
  },
  browser: RENDERS_IN_BROWSER,
  async run(ctx, input: ScrapeWithActionsInput) {
    const renderer = browserRuntimeOf(ctx).renderer();
    const scope = callScope(ctx, input.respect_robots);
    const check = new RequestGuard({ config: ctx.services.config, kv: ctx.services.kv });
    await check.withCall(scope, () => preflight(check, input.url));
    const data = await renderer.withPage(
      scope,
      { engine: 'engine_a', stealth: input.stealth ? defaultStealthConfig() : null },
      async ({ page, guard }): Promise<ScrapeWithActionsData> => {
        const outcome = await navigate(page, guard, input.url, { timeoutMs: input.timeout });
        if (input.wait_for > 0) await page.waitForTimeout(input.wait_for);
        const refs = new RefStore();
        const run = await runActions(
          // No host keeps this page: a screenshot is named, and its bytes go with the context.
          { page, guard, refs, keepScreenshot: (shot) => shot.uri },
          input.actions,
          { continueOnError: input.continue_on_error, timeoutMs: input.timeout },
        );
        await refs.clear();
        const live = await readLivePage(page);
        const fetched = asFetchedPage(live, {
          requestedUrl: input.url,
          status: outcome.status,
          headers: outcome.headers,
          durationMs: 0,
        });
        return {
          url: input.url,
          final_url: live.url,
          title: live.title,
          status: outcome.status,
          action_results: run.results,
          formats: renderPageFormats(fetched, input.formats, {
            onlyMainContent: input.onlyMainContent,
            withMarkdown: false,
          }),
          scraped_at: new Date().toISOString(),
        };
      },
    );
    return { data: withRedaction(data, input.redact_pii) };
  },
  keepWhenStored: (data) => ({
    url: data.url,
    final_url: data.final_url,
    title: data.title,
    ...keptRedaction(data),
  }),
});
