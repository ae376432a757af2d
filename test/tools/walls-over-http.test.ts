import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyToolSchema, ToolDefinition } from '../../lib/tools/define.js';
import { extractContentTool } from '../../lib/tools/extract-content/index.js';
import { extractMetadataTool } from '../../lib/tools/extract-metadata/index.js';
import { extractTextTool } from '../../lib/tools/extract-text/index.js';
import { readFixture, replayWall, respond, startToolSite, type ToolSite } from '../support/tool-site.js';

/**
 * Challenge walls as a target serves them, over real HTTP, through tools with and without
 * `escalate`: each is a named BLOCKED answer and charges nothing; an app that merely carries vendor
 * strings in its bundle is read as the client-rendered page it is.
 */
let site: ToolSite;

beforeAll(async () => {
  site = await startToolSite({
    host: 'walls.test',
    tools: [
      extractTextTool,
      extractMetadataTool,
      extractContentTool,
    ] as unknown as ToolDefinition<AnyToolSchema>[],
    routes: {
      '/waf-challenge': replayWall('aws-waf-challenge'),
      '/iuam-2015': replayWall('cloudflare-iuam-2015'),
      '/iuam-2020': replayWall('cloudflare-iuam-2020'),
      '/anubis': replayWall('anubis-pow-2025-08'),
      '/qrator': replayWall('qrator-js-challenge'),
      '/wordfence': replayWall('wordfence-blocked'),
      '/pow': replayWall('unknown-pow-challenge'),
      '/app': respond(
        200,
        {
          'content-type': 'text/html; charset=utf-8',
          server: 'cloudflare',
          'cf-ray': '8f0a1b2c3d4e5f60-DUB',
        },
        readFixture('walls/client-rendered/app-with-vendor-strings.html'),
      ),
    },
  });
});
afterAll(() => site?.close());

describe('challenge walls over HTTP', () => {
  it.each([
    ['/waf-challenge', 'amazon', 502],
    ['/iuam-2015', 'cloudflare', 502],
    ['/iuam-2020', 'cloudflare', 502],
    // A 200 proof-of-work page, a 401 JavaScript challenge, and a 403 the target's own status.
    ['/anubis', 'anubis', 502],
    ['/qrator', 'qrator', 502],
    ['/wordfence', 'wordfence', 403],
    // A 200 challenge nobody has a signature for is a wall for the tools that cannot escalate too.
    ['/pow', 'unknown', 502],
  ])(
    '%s is BLOCKED (%s) for extract_text, extract_metadata and extract_content, uncharged',
    async (path, vendor, status) => {
      const account = await site.harness.account({ credits: 30 });
      for (const tool of ['extract_text', 'extract_metadata', 'extract_content']) {
        const res = await site.harness.tool(tool, { url: site.url(path) }, account.key);
        expect(res.status, `${tool} ${JSON.stringify(res.body)}`).toBe(status);
        expect(res.body.error.code).toBe('BLOCKED');
        expect(res.body.error.blocked.vendor).toBe(vendor);
      }
      expect(await account.balance()).toBe(30);
    },
  );

  it('reads an app with vendor strings in its bundle as a client-rendered success', async () => {
    const account = await site.harness.account({ credits: 30 });
    const res = await site.harness.tool('extract_text', { url: site.url('/app') }, account.key);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data.rendered).toBe(false);
    expect(res.body.warnings).toEqual([expect.stringMatching(/client-rendered/)]);
    expect(await account.balance()).toBe(29);
  });
});
