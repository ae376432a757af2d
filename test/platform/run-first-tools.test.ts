import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditHolds, usageLog } from '../../lib/db/schema/index.js';
import { priceOf } from '../../lib/tools/define.js';
import { tools } from '../../lib/tools/registry.js';
import { type Harness, startHarness } from '../support/harness.js';

const PAGE =
  '<html lang="en"><head><title>Launch</title><meta name="description" content="A launch note"></head>' +
  '<body><h1>Launch day</h1><p>The quick brown fox jumps over the lazy dog. It was a good day for it.</p>' +
  '<a href="/pricing">Pricing</a> <a href="https://other.example/">Elsewhere</a></body></html>';
const TITLE_SCHEMA = { type: 'object', properties: { title: { type: 'string' } } };
const TEXT = 'The quick brown fox jumps over the lazy dog. It was a good day for it. The dog did not mind.';

/**
 * For every tool that runs first and pays after, an input of the kind that qualifies (the caller
 * supplied what it reads) and one that must keep the hold (a fetch, or a model). A tool that gains
 * `chargesAfterRun` without a row here fails the first test.
 */
const inputs: Record<string, { supplied: Record<string, unknown>; held: Record<string, unknown>[] }> = {
  analyze_content: { supplied: { content: TEXT }, held: [{ url: 'https://example.com/' }] },
  summarize_content: { supplied: { content: TEXT }, held: [{ url: 'https://example.com/' }] },
  extract_text: { supplied: { html: PAGE }, held: [{ url: 'https://example.com/' }] },
  extract_metadata: { supplied: { html: PAGE }, held: [{ url: 'https://example.com/' }] },
  extract_links: {
    supplied: { html: PAGE, base_url: 'https://example.com/' },
    held: [{ url: 'https://example.com/' }],
  },
  scrape_structured: {
    supplied: { html: PAGE, selectors: { title: 'h1' } },
    held: [{ url: 'https://example.com/', selectors: { title: 'h1' } }],
  },
  extract_structured: {
    supplied: { html: PAGE, schema: TITLE_SCHEMA },
    held: [
      { url: 'https://example.com/', schema: TITLE_SCHEMA },
      { html: PAGE, schema: TITLE_SCHEMA, mode: 'model' },
    ],
  },
};

const runFirst = tools.filter((tool) => tool.chargesAfterRun !== undefined);

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());

async function ledgerRows(accountId: string) {
  const db = harness.services.db;
  const [usage, holds] = await Promise.all([
    db.select().from(usageLog).where(eq(usageLog.accountId, accountId)),
    db.select().from(creditHolds).where(eq(creditHolds.accountId, accountId)),
  ]);
  return { usage: usage.map((row) => [row.credits, row.outcome]), holds: holds.length };
}

it('lists a qualifying and a held input for every tool that runs first', () => {
  expect(runFirst.map((tool) => tool.name).sort()).toEqual(Object.keys(inputs).sort());
});

describe.each(runFirst.map((tool) => [tool.name, tool] as const))('%s', (name, tool) => {
  const { supplied, held } = inputs[name] ?? { supplied: {}, held: [] };

  it('runs first only on the input it reads in-process; a fetch or a model keeps the hold', () => {
    expect(tool.chargesAfterRun?.(tool.schema.parse(supplied))).toBe(true);
    for (const body of held)
      expect(tool.chargesAfterRun?.(tool.schema.parse(body)), JSON.stringify(body)).toBe(false);
  });

  it('pays in one statement after it runs: no hold, one usage row', async () => {
    const price = priceOf(tool, tool.schema.parse(supplied));
    const account = await harness.account({ credits: price + 5 });
    const res = await harness.tool(name, supplied, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: price, credits_remaining: 5 });
    expect(res.headers.get('server-timing')).toMatch(/(^|, ?)charge;/);
    expect(res.headers.get('server-timing')).not.toMatch(/(^|, ?)(hold|settle);/);
    expect(await account.balance()).toBe(5);
    expect(await ledgerRows(account.accountId)).toEqual({ usage: [[price, 'success']], holds: 0 });
  });

  it('answers 402 after running when the balance is short, and writes nothing', async () => {
    const price = priceOf(tool, tool.schema.parse(supplied));
    const account = await harness.account({ credits: price - 1 });
    const res = await harness.tool(name, supplied, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(402);
    expect(res.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect(res.body.data).toBeUndefined();
    expect(await account.balance()).toBe(price - 1);
    expect(await ledgerRows(account.accountId)).toEqual({ usage: [], holds: 0 });
  });
});
