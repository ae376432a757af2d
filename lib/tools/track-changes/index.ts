import { z } from '@hono/zod-openapi';
import { baselineKey, readBaselines, writeBaselines } from '../../change-detection/baselines.js';
import { captureBody, SelectorNotFound } from '../../change-detection/capture.js';
import { type Comparison, compareWithBaseline } from '../../change-detection/compare.js';
import { CREDITS_PER_TARGET } from '../../change-detection/pricing.js';
import { validationError } from '../../errors/api-error.js';
import { cssSelectorParam } from '../../extract/selector-param.js';
import { defineTool } from '../define.js';
import { fetchForTool } from '../shared/fetch-for-tool.js';
import { fetchTimeout, httpUrl, respectRobots } from '../shared/params.js';
import { trackChangesResult } from './result-schema.js';

/**
 * The one-off form of a monitor check (its shape is "not shown" in the spec): one page, compared
 * with what the previous call of the same account saw for the same url and selector. The result is
 * a monitor's page result; a page that cannot be read answers the errors every fetch tool answers,
 * uncharged, and leaves the baseline as it was.
 */

const schema = z.object({
  url: httpUrl('Page to compare with the previous call for the same url and selector.'),
  selector: cssSelectorParam({ nonEmpty: true }).optional().openapi({
    description:
      'CSS selector of the part to watch; its text is compared. Matching nothing: 400, uncharged. A different selector is a different baseline.',
    example: '#price',
  }),
  timeout: fetchTimeout({ default: 15000 }),
  respect_robots: respectRobots,
});

export interface TrackChangesData extends Comparison {
  url: string;
  final_url: string;
  selector: string | null;
  /** When the baseline compared against was captured; null on `new`. */
  previous_checked_at: string | null;
  checked_at: string;
}

export const trackChangesTool = defineTool({
  name: 'track_changes',
  kind: 'pages',
  summary: 'Compare a page (or a selector of it) with what the previous call saw.',
  description:
    'Fetches a page and compares its visible text (the whole page, or what `selector` matches) with the ' +
    'capture kept from the previous call of this account for the same url and selector: `new` the first ' +
    'time, then `unchanged` or `changed` with the share of lines changed, structural similarity, line ' +
    'counts and up to 20 samples each of added and removed lines. The baseline rolls forward on `new` ' +
    'and `changed`. The same comparison as a hosted monitor check.',
  price: CREDITS_PER_TARGET,
  basePrice: CREDITS_PER_TARGET,
  pricingNotes: ['3 credits per call. Blocked pages, errors and an unmatched selector are uncharged.'],
  schema,
  result: trackChangesResult,
  example: { url: 'https://example.com/pricing', selector: '#price' },
  async run(ctx, input): Promise<{ data: TrackChangesData }> {
    const { page } = await fetchForTool(ctx, input.url, {
      tool: 'track_changes',
      timeoutMs: input.timeout,
      respectRobots: input.respect_robots,
    });
    // The gate answers 415 for binaries before this point.
    if (page.kind === 'binary') throw new Error('binary body passed the gate');
    let capture: ReturnType<typeof captureBody>;
    try {
      capture = captureBody({ ...page, kind: page.kind }, input.selector);
    } catch (error) {
      if (!(error instanceof SelectorNotFound)) throw error;
      throw validationError(error.message, [{ field: 'selector', message: error.message }]);
    }
    const { db } = ctx.services;
    const target = { url: input.url, selector: input.selector };
    const key = baselineKey(ctx.account.id, null, target);
    const baseline = (await readBaselines(db, [key])).get(key) ?? null;
    const comparison = compareWithBaseline(capture, baseline);
    const now = new Date();
    const rolls = comparison.status !== 'unchanged';
    await writeBaselines(db, [
      {
        key,
        accountId: ctx.account.id,
        monitorId: null,
        target,
        status: comparison.status,
        capture: rolls ? capture : undefined,
        at: now,
      },
    ]);
    return {
      data: {
        url: input.url,
        final_url: page.finalUrl,
        selector: input.selector ?? null,
        ...comparison,
        previous_checked_at: baseline?.capturedAt?.toISOString() ?? null,
        checked_at: now.toISOString(),
      },
    };
  },
});
