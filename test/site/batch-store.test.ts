import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batchScrapeTool } from '../../lib/tools/batch-scrape/index.js';
import { getBatchResultsTool } from '../../lib/tools/get-batch-results/index.js';
import { startMultiHostSite } from './support/multi-host-site.js';
import { SHOP_HOST, shopSite } from './support/site-hosts.js';

describe('batch store failures', () => {
  it('answers 503 STORAGE_UNAVAILABLE, uncharged, when the results cannot be stored or read', async () => {
    // A database of its own (embedded PostgreSQL) whose batches table is gone: the store refuses.
    const broken = await startMultiHostSite({
      tools: [batchScrapeTool, getBatchResultsTool],
      hosts: { [SHOP_HOST]: shopSite },
      env: { DATABASE_URL: 'memory:' },
    });
    try {
      await broken.harness.services.migrate();
      await broken.harness.services.db.execute(sql`DROP TABLE batches`);
      const account = await broken.harness.account({ credits: 20 });
      const res = await broken.harness.tool(
        'batch_scrape',
        { urls: [{ url: broken.url(SHOP_HOST, '/products/1') }] },
        account.key,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.error.code).toBe('STORAGE_UNAVAILABLE');
      const read = await broken.harness.tool(
        'get_batch_results',
        { batchId: 'batch_01J0ABCDEFGHJKMNPQRSTVWXYZ' },
        account.key,
      );
      expect(read.status, JSON.stringify(read.body)).toBe(503);
      expect(read.body.error.code).toBe('STORAGE_UNAVAILABLE');
      expect(await account.balance()).toBe(20);
    } finally {
      await broken.close();
    }
  });
});
