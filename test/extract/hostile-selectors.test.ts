import { select } from 'cheerio-select';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountMonitorRoutes } from '../../lib/app/monitors/routes.js';
import { countedAdapter } from '../../lib/extract/counted-adapter.js';
import {
  assertValidSelector,
  SELECTION_STEPS_PER_NODE,
  SelectorError,
  selectAll,
} from '../../lib/extract/selector.js';
import { loadMarkup } from '../../lib/html/markup-parser.js';
import { extractTextTool } from '../../lib/tools/extract-text/index.js';
import { type Harness, startHarness } from '../support/harness.js';

/** A page as deep as the parser allows: 510 nested <div>s with a <p> at the bottom. */
const DEEP = `${'<div>'.repeat(510)}<p>bottom</p>`;

function problemOf(selector: string): string | null {
  try {
    assertValidSelector(selector);
    return null;
  } catch (error) {
    if (error instanceof SelectorError) return error.problem;
    throw error;
  }
}

function nodesIn($: ReturnType<typeof loadMarkup>): number {
  return $('*').length + 1;
}

describe('selector complexity is bounded before any page', () => {
  it.each([
    'div:has(div:has(p))',
    'div:has(div:has(div:has(p)))',
    'div:has(:not(:has(p)))',
    'div:not(:is(:where(:not(p))))',
    Array.from({ length: 21 }, (_, i) => `.c${i}`).join(', '),
    Array.from({ length: 65 }, () => 'div').join(' > '),
  ])('refuses %s as too complex', (selector) => {
    expect(problemOf(selector)).toBe('too_complex');
  });

  it.each([
    'article .content p',
    'div:has(> p)',
    'ul li:not(.ad):not(.promo)',
    'h1, h2, h3',
    'a[href^="https"]',
  ])('accepts %s', (selector) => {
    expect(problemOf(selector)).toBeNull();
  });
});

describe('selection work is linear in the page', () => {
  it('one :has on a page at the depth limit stays within the per-node budget', () => {
    const $ = loadMarkup(DEEP);
    const counter = countedAdapter(Number.POSITIVE_INFINITY);
    const found = select('div:has(p)', $.root()[0].children, { adapter: counter.adapter as never });
    expect(found).toHaveLength(510);
    expect(counter.steps()).toBeLessThanOrEqual(SELECTION_STEPS_PER_NODE * nodesIn($));
    expect(selectAll($, 'div:has(p)')).toHaveLength(510);
  });

  it('stops a combinator chain the page makes explode, with too_costly, after a bounded number of steps', () => {
    const $ = loadMarkup(DEEP);
    // No .x anywhere: every <div> starts a search up a 510-deep chain for 7 more ancestors (510^7).
    const selector = '.x div div div div div div div';
    expect(problemOf(selector)).toBeNull();
    let thrown: unknown;
    try {
      selectAll($, selector);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SelectorError);
    expect((thrown as SelectorError).problem).toBe('too_costly');
  });

  it('gives ordinary selections their usual results', () => {
    const $ = loadMarkup('<main><article class="a"><p>1</p><p class="b">2</p></article><p>3</p></main>');
    expect(selectAll($, 'article p').map((p) => $(p).text())).toEqual(['1', '2']);
    expect(selectAll($, 'article:has(.b) > p:first-child').map((p) => $(p).text())).toEqual(['1']);
    expect(selectAll($, 'p:not(.b)').map((p) => $(p).text())).toEqual(['1', '3']);
    const [article] = selectAll($, 'article');
    expect(selectAll($, 'p', article)).toHaveLength(2);
    expect(selectAll($, '~ p', article).map((p) => $(p).text())).toEqual(['3']);
  });
});

describe('every selector a caller sends is checked', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ tools: [extractTextTool], mounts: [mountMonitorRoutes] });
  });
  afterAll(() => harness?.close());

  it('extract_text: a nested :has is a 400 naming selector, uncharged', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.tool(
      'extract_text',
      { html: DEEP, selector: 'div:has(div:has(div:has(p)))' },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details[0].field).toBe('selector');
    expect(res.body.error.details[0].message).toMatch(/:has\(\) inside another :has\(\)/);
    expect(await account.balance()).toBe(10);
  });

  it("monitors: a target's nested :has selector is a 400 naming it", async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.call('POST', '/api/v1/monitors', {
      key: account.key,
      body: { name: 'm', targets: [{ url: 'https://example.com/', selector: 'div:has(div:has(p))' }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('targets.0.selector');
  });
});
