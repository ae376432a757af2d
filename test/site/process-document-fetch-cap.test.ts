import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processDocumentTool } from '../../lib/tools/process-document/index.js';
import { after, respond, startToolSite, type ToolSite } from '../support/tool-site.js';

/** docs/reference/sites-batches-documents.md#limits: the download gets at most 20,000 ms even when `timeout` allows 60,000. About 20 s. */
let site: ToolSite;

beforeAll(async () => {
  site = await startToolSite({
    host: 'stall.test',
    tools: [processDocumentTool],
    routes: { '/big.pdf': after(25_000, respond(200, { 'content-type': 'application/pdf' }, '%PDF-1.7\n')) },
  });
});
afterAll(() => site?.close());

describe('process_document fetch cap', () => {
  it('gives up the download at 20 s with 504 FETCH_TIMEOUT, uncharged', async () => {
    const account = await site.harness.account({ credits: 10 });
    const started = Date.now();
    const res = await site.harness.tool(
      'process_document',
      { url: site.url('/big.pdf'), timeout: 60_000 },
      account.key,
    );
    const elapsed = Date.now() - started;
    expect(res.status, JSON.stringify(res.body)).toBe(504);
    expect(res.body.error.code).toBe('FETCH_TIMEOUT');
    expect(res.body.error.message).toMatch(/longer than 20000 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(19_500);
    expect(elapsed).toBeLessThan(23_000);
    expect(await account.balance()).toBe(10);
  }, 30_000);
});
