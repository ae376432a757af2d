import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyToolSchema, ToolDefinition } from '../../lib/tools/define.js';
import { extractEmbeddedStateTool } from '../../lib/tools/extract-embedded-state/index.js';
import { expectFetchRefused } from '../support/fetch-expectations.js';
import type { Harness } from '../support/harness.js';
import { HTML, HTML_UTF8, readFixture, respond, startToolSite, type ToolSite } from '../support/tool-site.js';

let harness: Harness;
let site: ToolSite;

function page(name: string): string {
  return site.url(`/p/${name}`);
}

beforeAll(async () => {
  // `price` is typed as a property in ToolDefinition, so a tool with a price function does not
  // widen to the registry's element type; the cast stands in until define.ts takes it.
  const tools = [extractEmbeddedStateTool as unknown as ToolDefinition<AnyToolSchema>];
  site = await startToolSite({
    host: 'state.test',
    tools,
    routes: {
      '/p/*': (_req, res, { path }) => {
        res.writeHead(200, HTML_UTF8);
        res.end(readFixture(`embedded/${path.slice(3)}`));
      },
      '/blank': respond(
        200,
        HTML,
        '<!DOCTYPE html><html><head><title></title></head><body><div class="x"></div></body></html>',
      ),
      '/api.json': respond(200, { 'content-type': 'application/json' }, '{"props":{"a":1}}'),
    },
  });
  harness = site.harness;
});
afterAll(() => site?.close());

describe('extract_embedded_state', () => {
  it('returns every source keyed by name, charging 2', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await harness.tool(
      'extract_embedded_state',
      { url: page('next-app-router.html') },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: 2, credits_remaining: 98 });
    const data = res.body.data;
    expect(Object.keys(data)).toEqual(['url', 'found', 'path', 'bytes', 'data', 'warnings']);
    expect(data.url).toBe(page('next-app-router.html'));
    expect(data.found.map((source: { name: string }) => source.name)).toEqual([
      'next_f',
      'apollo_ssr_transport',
    ]);
    expect(data.path).toBeNull();
    expect(data.bytes).toBe(Buffer.byteLength(JSON.stringify(data.data)));
    expect(data.data.next_f.rows['7'].post.id).toBe(381);
    expect(data.warnings).toEqual([]);
  });

  it('narrows to a path, sizing only the selected value', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await harness.tool(
      'extract_embedded_state',
      { url: page('next-pages-router.html'), path: 'next_data.props.pageProps.product.variants[0]' },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.path).toBe('next_data.props.pageProps.product.variants[0]');
    expect(res.body.data.data).toEqual({ sku: 'TR4-BLK-42', color: 'Black', size: '42', inStock: true });
    expect(res.body.data.bytes).toBe(Buffer.byteLength(JSON.stringify(res.body.data.data)));
  });

  it('answers keys instead of data with keys_only', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await harness.tool(
      'extract_embedded_state',
      { url: page('redux-preloaded-state.html'), path: 'preloaded_state', keys_only: true },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).not.toHaveProperty('data');
    expect(res.body.data.keys).toEqual({
      session: { user: 'object', expiresAt: 'number' },
      threads: { byId: 'object', allIds: 'array(3)' },
      ui: { theme: 'string', sidebarOpen: 'boolean', lastRoute: 'string' },
    });
  });

  it('answers matches under the path with find', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await harness.tool(
      'extract_embedded_state',
      { url: page('youtube-watch.html'), path: 'yt_initial_player_response', find: 'VIDEOID' },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).not.toHaveProperty('data');
    expect(res.body.data).toMatchObject({
      matches: [{ path: 'yt_initial_player_response.videoDetails.videoId', preview: '"dQ4sZ9kLm2Q"' }],
      matches_total: 1,
      matches_truncated: false,
    });
  });

  it('says so when the page carries no state', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await harness.tool('extract_embedded_state', { url: page('none.html') }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ found: [], data: {} });
    expect(res.body.data.warnings).toEqual([
      'No embedded state found: the page carries none of the recognised sources',
    ]);
  });

  it('reads nothing from a JSON response and says why', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await harness.tool('extract_embedded_state', { url: site.url('/api.json') }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.found).toEqual([]);
    expect(res.body.data.warnings[0]).toBe(
      'Response is JSON, not an HTML page: there is no embedded state to read',
    );
  });
});

describe('extract_embedded_state errors, all uncharged', () => {
  it('answers an unresolved path with 400 naming the keys available', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.tool(
      'extract_embedded_state',
      { url: page('next-pages-router.html'), path: 'next_data.props.pageProps.prodcut' },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([
      {
        field: 'path',
        message:
          'Path "next_data.props.pageProps.prodcut" not found: no "prodcut" at "next_data.props.pageProps"; ' +
          'available keys: product, breadcrumbs, __N_SSP',
      },
    ]);
    expect(await account.balance()).toBe(10);
  });

  it('refuses find with keys_only, and path syntax outside the grammar, before fetching', async () => {
    const account = await harness.account({ credits: 10 });
    const before = site.connections();
    const both = await harness.tool(
      'extract_embedded_state',
      { url: page('none.html'), find: 'id', keys_only: true },
      account.key,
    );
    expect(both.status, JSON.stringify(both.body)).toBe(400);
    expect(both.body.error.details).toEqual([
      { field: 'find', message: 'find cannot be combined with keys_only' },
    ]);

    const wildcard = await harness.tool(
      'extract_embedded_state',
      { url: page('none.html'), path: 'a.*' },
      account.key,
    );
    expect(wildcard.status).toBe(400);
    expect(wildcard.body.error.details).toEqual([
      { field: 'path', message: 'wildcards are not supported; name each key' },
    ]);
    expect(site.connections()).toBe(before);
    expect(await account.balance()).toBe(10);
  });

  it('validates url scheme and the numeric bounds', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.tool(
      'extract_embedded_state',
      {
        url: 'javascript:alert(1)',
        timeout: 500,
        wait_for: 40000,
        max_inline_chars: 10,
        escalate_engine: 'engine_c',
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const fields = res.body.error.details.map((detail: { field: string }) => detail.field).sort();
    expect(fields).toEqual(['escalate_engine', 'max_inline_chars', 'timeout', 'url', 'wait_for']);
    expect(await account.balance()).toBe(10);
  });

  it('holds the escalation ceiling of 7 but charges 2 when no render ran', async () => {
    const short = await harness.account({ credits: 1 });
    const refused = await harness.tool(
      'extract_embedded_state',
      { url: page('apollo.html'), escalate: true },
      short.key,
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(402);
    expect(await short.balance()).toBe(1);

    const enough = await harness.account({ credits: 10 });
    const res = await harness.tool(
      'extract_embedded_state',
      { url: page('apollo.html'), escalate: true },
      enough.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(2);
    expect(res.body.data.escalated).toBe(false);
    expect(await enough.balance()).toBe(8);
  });

  it('treats a blank 200 page without state as a wall, but not a textless page that carries state', async () => {
    const account = await harness.account({ credits: 10 });
    const blank = await harness.tool('extract_embedded_state', { url: site.url('/blank') }, account.key);
    expect(blank.status, JSON.stringify(blank.body)).toBe(502);
    expect(blank.body.error.code).toBe('BLOCKED');
    expect(await account.balance()).toBe(10);

    // The watch page fixture shows no text without JavaScript, as the real one does.
    const watch = await harness.tool(
      'extract_embedded_state',
      { url: page('youtube-watch.html') },
      account.key,
    );
    expect(watch.status, JSON.stringify(watch.body)).toBe(200);
    expect(watch.body.data.found).toHaveLength(2);
  });

  it('refuses a robots-disallowed page with 403', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.tool(
      'extract_embedded_state',
      { url: site.url('/private/state') },
      account.key,
    );
    expectFetchRefused(res, 'robots');
    expect(await account.balance()).toBe(10);
  });
});

describe('extract_embedded_state definition', () => {
  it('prices 2, or a 7 ceiling under escalate', () => {
    const ceiling = extractEmbeddedStateTool.holdCeiling as (input: { escalate: boolean }) => number;
    expect(extractEmbeddedStateTool.basePrice).toBe(2);
    expect(extractEmbeddedStateTool.price).toBe(2);
    expect(ceiling({ escalate: false })).toBe(2);
    expect(ceiling({ escalate: true })).toBe(7);
  });

  it('applies the defaults of the reference', () => {
    const input = extractEmbeddedStateTool.schema.parse({ url: 'https://example.com/' });
    expect(input).toEqual({
      url: 'https://example.com/',
      timeout: 20000,
      keys_only: false,
      raw: false,
      escalate: false,
      escalate_engine: 'engine_a',
      respect_robots: true,
      max_inline_chars: 40000,
    });
  });

  it('keeps url, path, bytes, found and data_keys beside a stored handle', () => {
    const kept = extractEmbeddedStateTool.keepWhenStored?.({
      url: 'https://example.com/',
      found: [{ name: 'next_data', variable: '__NEXT_DATA__', bytes: 10 }],
      path: null,
      bytes: 10,
      data: { next_data: {} },
      warnings: [],
    });
    expect(kept).toEqual({
      url: 'https://example.com/',
      path: null,
      bytes: 10,
      found: [{ name: 'next_data', variable: '__NEXT_DATA__', bytes: 10 }],
      data_keys: ['next_data'],
    });
  });
});
