import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchScrapeTool } from '../../lib/tools/batch-scrape/index.js';
import { getBatchResultsTool } from '../../lib/tools/get-batch-results/index.js';
import { html, type MultiHostSite, slow, startMultiHostSite } from './support/multi-host-site.js';
import { SHOP_HOST, shopSite } from './support/site-hosts.js';

/**
 * The budgets of docs/reference/sites-batches-documents.md#limits as they are, no test-only knobs: 8 s per URL and 20 s per batch. This
 * file waits about 20 s, alone, so the rest of the batch suite stays quick.
 */
const SLOW_HOST = 'slow.test';
let site: MultiHostSite;

beforeAll(async () => {
  site = await startMultiHostSite({
    tools: [batchScrapeTool, getBatchResultsTool],
    hosts: {
      [SHOP_HOST]: shopSite,
      [SLOW_HOST]: {
        '/robots.txt': html(404, 'none'),
        '/*': slow(12_000, html(200, '<p>too late</p>')),
      },
    },
  });
});
afterAll(() => site?.close());

describe('batch_scrape budgets', () => {
  it('cuts each URL at 8 s, stops starting URLs at 20 s and charges only the attempted ones', async () => {
    const account = await site.harness.account({ credits: 100 });
    const started = Date.now();
    const res = await site.harness.tool(
      'batch_scrape',
      {
        urls: [
          { url: site.url(SLOW_HOST, '/one') },
          { url: site.url(SLOW_HOST, '/two') },
          { url: site.url(SLOW_HOST, '/three') },
          { url: site.url(SHOP_HOST, '/products/1') },
          { url: site.url(SHOP_HOST, '/products/2') },
        ],
        batch_config: { concurrency: 1 },
      },
      account.key,
    );
    const elapsed = Date.now() - started;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = res.body.data.results;
    // 0–8 s, 8–16 s, then 16–20 s: the third URL gets only what is left of the batch budget.
    expect(results.map((r: { status: string }) => r.status)).toEqual([
      'failed',
      'failed',
      'failed',
      'skipped',
      'skipped',
    ]);
    expect(results[0]).toMatchObject({ error_code: 'FETCH_TIMEOUT', http_status: null });
    expect(results[0].error).toMatch(/longer than 8000 ms/);
    expect(results[2].error).toMatch(/longer than \d{4} ms/);
    expect(results[3].error).toBe("not started: the batch's 20 s budget was spent");
    expect(res.body.data).toMatchObject({ succeeded: 0, failed: 3, skipped: 2 });
    expect(res.body.data.notes).toContain(
      'The 20 s batch budget ran out: URLs not started by then are skipped and not charged',
    );
    expect(res.body.warnings).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(19_500);
    expect(elapsed).toBeLessThan(24_000);
    expect(site.requests({ host: SHOP_HOST }).filter((r) => r.path.startsWith('/products/'))).toHaveLength(0);
    expect(res.body.credits_used).toBe(15);
    expect(await account.balance()).toBe(85);
  }, 30_000);
});
