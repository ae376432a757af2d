import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, creditHolds, usageLog } from '../../lib/db/schema/index.js';
import { batchScrapeTool } from '../../lib/tools/batch-scrape/index.js';
import { getBatchResultsTool } from '../../lib/tools/get-batch-results/index.js';
import type { TestAccount } from '../support/harness.js';
import { type MultiHostSite, startMultiHostSite } from './support/multi-host-site.js';
import { DELAY_HOST, delaySite, SHOP_HOST, shopSite } from './support/site-hosts.js';

let site: MultiHostSite;
const shop = (path: string) => site.url(SHOP_HOST, path);

beforeAll(async () => {
  site = await startMultiHostSite({
    tools: [batchScrapeTool, getBatchResultsTool],
    hosts: { [SHOP_HOST]: shopSite, [DELAY_HOST]: delaySite },
  });
});
afterAll(() => site?.close());

async function batch(body: Record<string, unknown>, account?: TestAccount) {
  const owner = account ?? (await site.harness.account({ credits: 500 }));
  const res = await site.harness.tool('batch_scrape', body, owner.key);
  return { res, account: owner };
}

async function ledgerOf(accountId: string) {
  const db = site.harness.services.db;
  const [usage] = await db
    .select()
    .from(usageLog)
    .where(and(eq(usageLog.accountId, accountId), eq(usageLog.tool, 'batch_scrape')));
  const [hold] = await db.select().from(creditHolds).where(eq(creditHolds.accountId, accountId));
  return { usage, hold };
}

const template = {
  fields: [
    { name: 'price', selector: '.price' },
    { name: 'image', selector: 'img.product', attribute: 'src' },
    { name: 'rating', selector: '.rating' },
    { name: 'sku', selector: '//span[@id="sku"]' },
    { name: 'alt', selector: 'img.product', attribute: 'data-zoom' },
  ],
};

describe('batch_scrape', () => {
  it('scrapes each URL into a result in input order and charges 5 per URL attempted', async () => {
    const { res, account } = await batch({
      urls: [
        { url: shop('/products/1'), id: 'kettle-1' },
        { url: shop('/products/2') },
        { url: shop('/private/hidden'), id: 'hidden' },
        { url: shop('/gone') },
        { url: shop('/manual.pdf'), id: 'pdf' },
        { url: shop('/broken') },
        { url: shop('/notes.txt') },
      ],
      batch_config: { concurrency: 3 },
      extraction_template: template,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ total: 7, succeeded: 3, failed: 3, skipped: 1 });
    expect(data.batch_id).toMatch(/^batch_/);
    expect(data.results.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      ['kettle-1', 'success'],
      ['1', 'success'],
      ['hidden', 'skipped'],
      ['3', 'failed'],
      ['pdf', 'failed'],
      ['5', 'failed'],
      ['6', 'success'],
    ]);
    expect(data.results[0]).toEqual({
      id: 'kettle-1',
      url: shop('/products/1'),
      status: 'success',
      http_status: 200,
      title: 'Product 1',
      text: expect.stringContaining('Product 1 is a sturdy kettle'),
      fields: { price: '$1.99', image: shop('/images/1.jpg'), rating: null, sku: null, alt: null },
      field_notes: {
        rating: 'no element matches .rating',
        sku: 'XPath selectors are unsupported; use a CSS selector',
        alt: 'the element matching img.product has no data-zoom attribute',
      },
      error: null,
      error_code: null,
    });
    expect(data.results[0].text).not.toContain('Shop footer');
    expect(data.results[2]).toMatchObject({ http_status: null, error_code: 'SKIPPED', text: null });
    expect(data.results[2].error).toMatch(/robots\.txt disallows .*\/private\/hidden/);
    expect(data.results[3]).toMatchObject({
      http_status: 404,
      error_code: 'UPSTREAM_HTTP',
      error: 'Target answered HTTP 404',
    });
    expect(data.results[4]).toMatchObject({ http_status: 200, error_code: 'UNSUPPORTED_CONTENT_TYPE' });
    expect(data.results[4].error).toMatch(/application\/pdf; use process_document/);
    expect(data.results[5]).toMatchObject({ http_status: 500, error_code: 'UPSTREAM_HTTP' });
    expect(data.results[6]).toMatchObject({
      text: 'Plain text release notes: version 2 ships kettles faster.',
      fields: { price: null },
    });
    expect(site.requests({ host: SHOP_HOST, path: '/private/hidden' })).toHaveLength(0);
    expect(res.body.warnings).toEqual([
      expect.stringMatching(/^Skipped .*\/private\/hidden: robots\.txt disallows/),
    ]);

    expect(res.body.credits_used).toBe(30);
    expect(await account.balance()).toBe(470);
    const { usage, hold } = await ledgerOf(account.accountId);
    expect(hold).toMatchObject({ amount: 35, charged: 30, status: 'committed' });
    expect(usage).toMatchObject({ credits: 30, outcome: 'success' });
  });

  it('cuts text at 5,000 characters and notes an ignored javascript_enabled', async () => {
    const { res } = await batch({ urls: [{ url: shop('/long') }], options: { javascript_enabled: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results[0].text).toHaveLength(5000);
    expect(res.body.data.results[0].fields).toBeNull();
    expect(res.body.data.results[0].field_notes).toBeNull();
    expect(res.body.data.notes).toContain(
      'options.javascript_enabled is ignored: pages are read as served, without running their scripts',
    );
  });

  it('fetches a disallowed URL with respect_robots: false, with a warning', async () => {
    const { res } = await batch({ urls: [{ url: shop('/private/ok') }], respect_robots: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results[0].status).toBe('success');
    expect(res.body.warnings).toEqual([
      expect.stringMatching(/robots\.txt disallows .*respect_robots is false/),
    ]);
    expect(res.body.credits_used).toBe(5);
  });

  it('spaces requests to a host by its robots.txt Crawl-delay, whatever the concurrency', async () => {
    const { res } = await batch({
      urls: [1, 2, 3].map((n) => ({ url: site.url(DELAY_HOST, `/page/${n}`) })),
      batch_config: { concurrency: 3 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.succeeded).toBe(3);
    const starts = site
      .requests({ host: DELAY_HOST })
      .filter((r) => r.path.startsWith('/page/'))
      .map((r) => r.at);
    expect(starts).toHaveLength(3);
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(950);
    expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(950);
  });

  it('redacts PII before storing when redact_pii is set', async () => {
    const { res, account } = await batch({ urls: [{ url: shop('/contact') }], redact_pii: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results[0].text).toContain('[REDACTED_EMAIL]');
    expect(res.body.data.results[0].text).not.toContain('sales@shop.test');
    expect(res.body.data.redaction).toMatchObject({ count: 2, mode: 'fast' });
    const stored = await site.harness.tool(
      'get_batch_results',
      { batchId: res.body.data.batch_id },
      account.key,
    );
    expect(stored.body.data.results[0].data.text).toContain('[REDACTED_EMAIL]');
  });

  it('refuses bad input with 400 before fetching, uncharged', async () => {
    const account = await site.harness.account({ credits: 500 });
    const before = site.requests().length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ urls: [] }, 'urls'],
      [{ urls: Array.from({ length: 51 }, (_, i) => ({ url: shop(`/products/${i}`) })) }, 'urls'],
      [{ urls: [{ url: 'notaurl' }] }, 'urls.0.url'],
      [
        { urls: [{ url: shop('/products/1') }], batch_config: { concurrency: 11 } },
        'batch_config.concurrency',
      ],
      [
        { urls: [{ url: shop('/products/1') }], batch_config: { concurrency: 0 } },
        'batch_config.concurrency',
      ],
      [
        {
          urls: [{ url: shop('/products/1') }],
          extraction_template: { fields: [{ name: 'x', selector: 'div[' }] },
        },
        'extraction_template.fields.0.selector',
      ],
    ];
    for (const [body, field] of cases) {
      const { res } = await batch(body, account);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details[0].field).toBe(field);
    }
    expect(await account.balance()).toBe(500);
    expect(site.requests().length).toBe(before);
  });

  it('answers 402 when the balance does not cover 5 credits for every URL', async () => {
    const account = await site.harness.account({ credits: 14 });
    const { res } = await batch({ urls: [1, 2, 3].map((n) => ({ url: shop(`/products/${n}`) })) }, account);
    expect(res.status, JSON.stringify(res.body)).toBe(402);
    expect(await account.balance()).toBe(14);
  });
});

describe('get_batch_results', () => {
  it('pages the stored results in input order for 1 credit', async () => {
    const { res, account } = await batch({
      urls: [1, 2, 3, 4, 5].map((n) => ({ url: shop(`/products/${n}`), id: `p${n}` })),
    });
    const batchId = res.body.data.batch_id;
    const balance = await account.balance();
    const second = await site.harness.tool('get_batch_results', { batchId, page: 2, limit: 2 }, account.key);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data).toMatchObject({
      batch_id: batchId,
      status: 'completed',
      page: 2,
      limit: 2,
      total: 5,
      total_pages: 3,
    });
    expect(second.body.data.results).toEqual([
      {
        url: shop('/products/3'),
        status: 'success',
        data: expect.objectContaining({ id: 'p3', http_status: 200, title: 'Product 3', error: null }),
      },
      expect.objectContaining({ url: shop('/products/4'), status: 'success' }),
    ]);
    expect(second.body.credits_used).toBe(1);
    expect(await account.balance()).toBe(balance - 1);

    const defaults = await site.harness.tool('get_batch_results', { batchId }, account.key);
    expect(defaults.body.data).toMatchObject({ page: 1, limit: 25, total_pages: 1 });
    expect(defaults.body.data.results).toHaveLength(5);
    const past = await site.harness.tool('get_batch_results', { batchId, page: 4, limit: 2 }, account.key);
    expect(past.body.data.results).toEqual([]);
  });

  it("answers 500 for an unknown, expired or another account's batch, uncharged", async () => {
    const { res, account } = await batch({ urls: [{ url: shop('/products/7') }] });
    const batchId = res.body.data.batch_id;
    const stranger = await site.harness.account({ credits: 10 });
    const foreign = await site.harness.tool('get_batch_results', { batchId }, stranger.key);
    const unknown = await site.harness.tool(
      'get_batch_results',
      { batchId: 'batch_01J0ZZZZZZZZZZZZZZZZZZZZZZ' },
      stranger.key,
    );
    for (const answer of [foreign, unknown]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(500);
      expect(answer.body.error.code).toBe('TOOL_ERROR');
    }
    expect(foreign.body.error.message).toBe(
      unknown.body.error.message.replace('batch_01J0ZZZZZZZZZZZZZZZZZZZZZZ', batchId),
    );
    expect(await stranger.balance()).toBe(10);

    await site.harness.services.db
      .update(batches)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(batches.id, batchId));
    const balance = await account.balance();
    const expired = await site.harness.tool('get_batch_results', { batchId }, account.key);
    expect(expired.status).toBe(500);
    expect(expired.body.error.code).toBe('TOOL_ERROR');
    expect(await account.balance()).toBe(balance);
  });

  it('refuses limit over 100 and page 0 with 400', async () => {
    const account = await site.harness.account({ credits: 10 });
    const res = await site.harness.tool(
      'get_batch_results',
      { batchId: 'batch_01J0ABCDEFGHJKMNPQRSTVWXYZ', page: 0, limit: 101 },
      account.key,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['limit', 'page']);
    expect(await account.balance()).toBe(10);
  });
});
