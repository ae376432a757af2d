import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentTool } from '../../lib/tools/agent/index.js';
import { extractEmbeddedStateTool } from '../../lib/tools/extract-embedded-state/index.js';
import { extractLinksTool } from '../../lib/tools/extract-links/index.js';
import { extractTextTool } from '../../lib/tools/extract-text/index.js';
import { scrapeTool } from '../../lib/tools/scrape/index.js';
import type { TestAccount } from '../support/harness.js';
import { respond } from '../support/tool-site.js';
import { type BrowserSite, HTML, page, startBrowserSite } from './support/browser-site.js';

/**
 * `escalate` (docs/reference/pages.md#bot-walls-and-escalation) with a real stealth browser: the plain fetch comes first; on a wall one
 * render follows, +5 credits only when it ran; a render refused too is the blocked error with
 * `escalated: true`; 404, 5xx, binaries, open Retry-After windows and `html` input never render.
 */

const ARTICLE = page(
  `<main><h1>Espresso grinder</h1><p>Conical burrs, forty settings, and a hopper that holds a week of beans.</p>
   <a href="/reviews">Reviews</a> <a href="https://elsewhere.example/">Elsewhere</a>
   <script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"price":42}}}</script></main>`,
  '<title>Grinder</title>',
);

/** Cloudflare's managed challenge as it reaches a client without its clearance cookie. */
function challenge(res: ServerResponse): void {
  res.writeHead(403, {
    'content-type': 'text/html; charset=UTF-8',
    server: 'cloudflare',
    'cf-mitigated': 'challenge',
    'cf-ray': '8e1f2a3b4c5d6e7f-AMS',
  });
  res.end(
    page(
      `<noscript>Enable JavaScript and cookies to continue</noscript>
       <script>setTimeout(() => { document.cookie = 'cf_clearance=passed; path=/'; location.reload(); }, 200);</script>`,
      '<title>Just a moment...</title>',
    ),
  );
}

/** A wall that a browser with JavaScript clears (the script sets the cookie) and plain fetches never do. */
const walled = (req: IncomingMessage, res: ServerResponse) => {
  if ((req.headers.cookie ?? '').includes('cf_clearance=passed')) {
    res.writeHead(200, HTML);
    res.end(ARTICLE);
  } else challenge(res);
};

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite({
    host: 'shop.test',
    tools: [extractTextTool, extractLinksTool, scrapeTool, extractEmbeddedStateTool, agentTool],
    routes: {
      '/walled': walled,
      '/walled-links': walled,
      '/walled-scrape': walled,
      '/walled-state': walled,
      '/walled-agent': walled,
      '/always-walled': (_req, res) => challenge(res),
      '/bare-403': (req, res) => {
        // A server that turns away anything that does not look like a browser, without a word.
        if ((req.headers['user-agent'] ?? '').includes('Chrome/')) {
          res.writeHead(200, HTML);
          res.end(ARTICLE);
        } else {
          res.writeHead(403, { 'content-type': 'text/plain' });
          res.end('Forbidden');
        }
      },
      '/shell': respond(
        200,
        HTML,
        page(
          `<div id="root"></div><script>document.getElementById('root').innerHTML = '<h1>Drawn by script</h1><p>' + 'Rendered paragraph. '.repeat(20) + '</p>';</script>`,
        ),
      ),
      '/shadow-shell': respond(
        200,
        HTML,
        page(
          `<recipe-card data-name="Plum cake"></recipe-card><script>
            customElements.define('recipe-card', class extends HTMLElement {
              constructor() {
                super();
                this.attachShadow({ mode: 'open' }).innerHTML =
                  '<h1><slot name="name">' + this.dataset.name + '</slot></h1><step-list></step-list>';
                this.shadowRoot.querySelector('step-list').attachShadow({ mode: 'open' }).innerHTML =
                  '<p>' + 'Halve the plums and press them into the batter. '.repeat(12) + '</p>';
              }
            });
          </script>`,
        ),
      ),
      '/missing': respond(404, HTML, '<h1>Not here</h1>'),
      '/broken': respond(500, HTML, '<h1>Server error</h1>'),
      '/file.pdf': respond(200, { 'content-type': 'application/pdf' }, Buffer.from('%PDF-1.7\n%binary')),
      '/later': respond(429, { 'content-type': 'text/plain', 'retry-after': '120' }, 'slow down'),
    },
  });
});
afterAll(() => site?.close());

const call = (tool: string, account: TestAccount, body: Record<string, unknown>) =>
  site.harness.tool(tool, body, account.key);

describe('a wall a browser gets past', () => {
  it.each([
    ['extract_text', '/walled', 6],
    ['extract_links', '/walled-links', 6],
    ['scrape', '/walled-scrape', 7],
    ['extract_embedded_state', '/walled-state', 7],
  ])('%s renders once, reports escalated and stealth, and charges +5', async (tool, path, charge) => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call(tool, account, { url: site.url(path), escalate: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.escalated).toBe(true);
    expect(res.body.data.stealth).toEqual({ engine: 'engine_a', vendor_detected: 'cloudflare' });
    expect(res.body.credits_used).toBe(charge);
    expect(await account.balance()).toBe(100 - charge);
    const text = JSON.stringify(res.body.data);
    if (tool === 'extract_links') expect(text).toContain('/reviews');
    else if (tool === 'extract_embedded_state')
      expect(res.body.data.data.next_data.props.pageProps.price).toBe(42);
    else expect(text).toContain('Conical burrs');
  });

  it('answers the wall as BLOCKED without escalate, uncharged', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call('extract_text', account, { url: site.url('/walled') });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'BLOCKED', blocked: { vendor: 'cloudflare' } });
    expect(await account.balance()).toBe(100);
  });

  it('retries a bare 403 in the browser', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call('extract_text', account, { url: site.url('/bare-403'), escalate: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      escalated: true,
      stealth: { engine: 'engine_a', vendor_detected: 'unknown' },
    });
    expect(res.body.data.text).toContain('Conical burrs');
  });

  it('renders a client-rendered empty shell', async () => {
    const account = await site.harness.account({ credits: 100 });
    const plain = await call('extract_text', account, { url: site.url('/shell') });
    expect(plain.body.data).toMatchObject({ rendered: false, escalated: false });
    const res = await call('extract_text', account, { url: site.url('/shell'), escalate: true });
    expect(res.body.data).toMatchObject({ rendered: true, escalated: true });
    expect(res.body.data.text).toContain('Drawn by script');
    expect(res.body.credits_used).toBe(6);
  });

  it("reads what a page's components draw in their shadow roots, nested ones included", async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call('extract_text', account, { url: site.url('/shadow-shell'), escalate: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ rendered: true, escalated: true });
    const lines: string[] = res.body.data.text.split('\n');
    expect(lines[0]).toBe('Plum cake');
    expect(lines[1]).toMatch(/^Halve the plums and press them into the batter\./);
  });
});

describe('agent', () => {
  it('retries a walled page in the stealth browser, reads it and charges 8 + 5; a wall met again is free', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call('agent', account, {
      prompt: 'How many settings do the conical burrs have?',
      urls: [site.url('/walled-agent'), site.url('/always-walled')],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.stealth_retries).toBe(1);
    expect(data.steps.filter((step: { action: string }) => step.action === 'stealth_retry')).toHaveLength(2);
    expect(data.sources).toEqual([
      expect.objectContaining({ url: site.url('/walled-agent'), fetched: true, used: true }),
      expect.objectContaining({ url: site.url('/always-walled'), fetched: false, used: false }),
    ]);
    expect(data.answer).toContain('Conical burrs');
    expect(data.skipped).toEqual([
      expect.objectContaining({ url: site.url('/always-walled'), code: 'BLOCKED' }),
    ]);
    expect(res.body.credits_used).toBe(13);
    expect(await account.balance()).toBe(87);
  });
});

describe('a wall the browser meets too', () => {
  it('is the blocked error with escalated: true, uncharged', async () => {
    const account = await site.harness.account({ credits: 100 });
    const hits = site.hits('/always-walled');
    const res = await call('scrape', account, {
      url: site.url('/always-walled'),
      escalate: true,
      timeout: 12000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error).toMatchObject({
      code: 'BLOCKED',
      escalated: true,
      blocked: { vendor: 'cloudflare' },
    });
    expect(res.body.escalated).toBe(true);
    expect(site.hits('/always-walled')).toBeGreaterThan(hits + 1);
    expect(await account.balance()).toBe(100);
  });

  it('answers engine_b with 503 where no Firefox-based engine is installed, uncharged', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call('extract_text', account, {
      url: site.url('/walled'),
      escalate: true,
      escalate_engine: 'engine_b',
    });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'TOOL_NOT_AVAILABLE', escalated: false });
    expect(await account.balance()).toBe(100);
  });
});

describe('what never escalates', () => {
  it.each([
    ['/missing', 404, 'UPSTREAM_HTTP'],
    ['/broken', 502, 'UPSTREAM_HTTP'],
    ['/file.pdf', 415, 'UNSUPPORTED_CONTENT_TYPE'],
    ['/later', 429, 'TARGET_RETRY_LATER'],
  ])('%s answers %i %s after one plain fetch, uncharged', async (path, status, code) => {
    const account = await site.harness.account({ credits: 100 });
    const hits = site.hits(path);
    const res = await call('extract_text', account, { url: site.url(path), escalate: true });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.escalated).not.toBe(true);
    expect(site.hits(path)).toBe(hits + 1);
    expect(await account.balance()).toBe(100);
  });

  it('html input is never fetched nor rendered', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call('extract_text', account, {
      html: '<title>Just a moment...</title><p>Checking your browser before accessing the site.</p>',
      escalate: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.escalated).toBe(false);
    expect(res.body.data.stealth).toBeUndefined();
    expect(res.body.credits_used).toBe(1);
  });
});
