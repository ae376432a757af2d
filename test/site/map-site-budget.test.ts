import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapSiteTool } from '../../lib/tools/map-site/index.js';
import { type MultiHostSite, startMultiHostSite } from './support/multi-host-site.js';
import { SLOW_SITE_HOST, slowSite } from './support/slow-site.js';

/** docs/reference/sites-batches-documents.md#map_site: `timeout` may say 30 s, the map stops at about 18 s. This file waits ~18 s. */
let site: MultiHostSite;

beforeAll(async () => {
  site = await startMultiHostSite({ tools: [mapSiteTool], hosts: { [SLOW_SITE_HOST]: slowSite } });
});
afterAll(() => site?.close());

describe('map_site budget', () => {
  it('caps the crawl near 18 s whatever timeout asks, and says what it did not visit', async () => {
    const account = await site.harness.account({ credits: 10 });
    const started = Date.now();
    const res = await site.harness.tool(
      'map_site',
      { url: site.url(SLOW_SITE_HOST, '/'), timeout: 30_000 },
      account.key,
    );
    const elapsed = Date.now() - started;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.source).toBe('crawl');
    // The entry and two waves of four; the third wave is cut at 18 s, two pages never start.
    expect(res.body.data.total_pages).toBe(9);
    expect(res.body.data.internal_links).toBe(14);
    expect(res.body.warnings).toEqual([
      'Crawl stopped at the 18000 ms time budget; 2 queued URLs were not visited',
    ]);
    expect(elapsed).toBeGreaterThanOrEqual(17_500);
    expect(elapsed).toBeLessThan(21_000);
    expect(await account.balance()).toBe(8);
  }, 30_000);
});
