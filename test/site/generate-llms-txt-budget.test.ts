import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLlmsTxtTool } from '../../lib/tools/generate-llms-txt/index.js';
import { type MultiHostSite, startMultiHostSite } from './support/multi-host-site.js';
import { SLOW_SITE_HOST, slowSite } from './support/slow-site.js';

/** generate_llms_txt reads pages for 20 s at most (its serverless budget). This file waits ~20 s. */
let site: MultiHostSite;

beforeAll(async () => {
  site = await startMultiHostSite({ tools: [generateLlmsTxtTool], hosts: { [SLOW_SITE_HOST]: slowSite } });
});
afterAll(() => site?.close());

describe('generate_llms_txt budget', () => {
  it('stops reading pages at 20 s and writes llms.txt from what it read', async () => {
    const account = await site.harness.account({ credits: 10 });
    const started = Date.now();
    const res = await site.harness.tool(
      'generate_llms_txt',
      { url: site.url(SLOW_SITE_HOST, '/'), format: 'llms-txt' },
      account.key,
    );
    const elapsed = Date.now() - started;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.pages_analyzed).toBe(9);
    expect(res.body.data.llms_txt).toMatch(/^# Slow home\n/);
    expect(res.body.warnings).toEqual(['The 20 s crawl budget ran out; 2 queued pages were not read']);
    expect(elapsed).toBeGreaterThanOrEqual(19_500);
    expect(elapsed).toBeLessThan(23_000);
    expect(res.body.credits_used).toBe(5);
  }, 30_000);
});
