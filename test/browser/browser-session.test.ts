import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSessionTool } from '../../lib/tools/browser-session/index.js';
import { readResultTool } from '../../lib/tools/read-result/index.js';
import type { TestAccount } from '../support/harness.js';
import { respond } from '../support/tool-site.js';
import { APP_PAGE, LONG_PAGE, MANY_LINKS_PAGE, NEXT_PAGE } from './fixtures/app-pages.js';
import { type BrowserSite, HTML, startBrowserSite } from './support/browser-site.js';

/** browser_session against a real Chromium: the operations of docs/reference/browsers.md#browser_session and their prices. */

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite({
    host: 'app.test',
    tools: [browserSessionTool, readResultTool],
    maxSessions: 60,
    maxSessionsPerAccount: 10,
    routes: {
      '/app': respond(200, HTML, APP_PAGE),
      '/next': respond(200, HTML, NEXT_PAGE),
      '/many': respond(200, HTML, MANY_LINKS_PAGE),
      '/long': respond(200, HTML, LONG_PAGE),
    },
  });
});
afterAll(() => site?.close());

const call = (account: TestAccount, body: Record<string, unknown>) =>
  site.harness.tool('browser_session', body, account.key);

async function open(account: TestAccount, path = '/app', extra: Record<string, unknown> = {}) {
  const res = await call(account, { operation: 'open', url: site.url(path), ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.sessionId as string;
}

describe('open', () => {
  it('loads the page, charges 3 and returns the id with both expiry clocks', async () => {
    const account = await site.harness.account({ credits: 100 });
    const before = Date.now();
    const res = await call(account, { operation: 'open', url: site.url('/app'), ttl: 120, activity_ttl: 60 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(3);
    expect(await account.balance()).toBe(97);
    const data = res.body.data;
    expect(data.sessionId).toMatch(/^bs_[0-9A-Z]+$/);
    expect(data).toMatchObject({ url: site.url('/app'), title: 'Fixture App', status: 200, stealth: false });
    expect(data.viewport).toEqual({ width: 1280, height: 800 });
    const created = Date.parse(data.created_at);
    expect(Date.parse(data.expires_at) - created).toBe(120_000);
    expect(Date.parse(data.idle_expires_at) - created).toBe(60_000);
    expect(created).toBeGreaterThanOrEqual(before - 60_000);
  });

  it('takes a viewport and refuses one outside 800-1920 x 600-1080', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call(account, {
      operation: 'open',
      url: site.url('/app'),
      viewport: { width: 1024, height: 700 },
    });
    expect(res.body.data.viewport).toEqual({ width: 1024, height: 700 });
    const bad = await call(account, {
      operation: 'open',
      url: site.url('/app'),
      viewport: { width: 640, height: 700 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('viewport.width');
  });

  it.each([
    [{ operation: 'open' }, 'url'],
    [{ operation: 'open', url: 'ftp://app.test/file' }, 'url'],
    [{ operation: 'read' }, 'session_id'],
    [{ operation: 'act', session_id: 'bs_01JD3W8Q4Z7K2M5N6P8R9S0T1V' }, 'actions'],
    [{ operation: 'open', url: 'http://app.test/', ttl: 29 }, 'ttl'],
    [{ operation: 'open', url: 'http://app.test/', activity_ttl: 3601 }, 'activity_ttl'],
    [{ operation: 'open', url: 'http://app.test/', timeout: 9999 }, 'timeout'],
    [{ operation: 'snapshot', session_id: 'bs_01JD3W8Q4Z7K2M5N6P8R9S0T1V', max_nodes: 1001 }, 'max_nodes'],
    [{ operation: 'dance' }, 'operation'],
  ])('refuses %j with 400 on %s, uncharged', async (body, field) => {
    const account = await site.harness.account({ credits: 10 });
    const res = await call(account, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(await account.balance()).toBe(10);
  });
});

describe('snapshot', () => {
  it('lists interactive elements as @e<n> [role] name lines in document order, for 1 credit', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account);
    const res = await call(account, { operation: 'snapshot', session_id: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(1);
    const { tree, truncated, refs } = res.body.data.snapshot;
    expect(tree.split('\n')).toEqual([
      '@e1 [link] Home',
      '@e2 [link] Next page',
      '@e3 [textbox] Search',
      '@e4 [button] Go',
      '@e5 [combobox] Size value="Small"',
      '@e6 [checkbox] Agree',
      '@e7 [link] Continue',
    ]);
    expect(truncated).toBe(false);
    expect(refs).toBe(7);
  });

  it('adds headings and landmarks without refs when interactive_only is false', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account);
    const res = await call(account, { operation: 'snapshot', session_id: id, interactive_only: false });
    const lines: string[] = res.body.data.snapshot.tree.split('\n');
    expect(lines).toContain('[banner]');
    expect(lines).toContain('[navigation] Main');
    expect(lines).toContain('[main]');
    expect(lines).toContain('[heading] Rendered by script [level=1]');
    expect(lines).toContain('[contentinfo]');
    expect(lines.filter((line) => line.startsWith('@e'))).toHaveLength(7);
    expect(lines.filter((line) => line.startsWith('[')).every((line) => !line.includes('@e'))).toBe(true);
    expect(lines.indexOf('[banner]')).toBeLessThan(lines.indexOf('@e1 [link] Home'));
  });

  it('stops at max_nodes and says truncated', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account, '/many');
    const res = await call(account, { operation: 'snapshot', session_id: id, max_nodes: 5 });
    expect(res.body.data.snapshot.tree.split('\n')).toHaveLength(5);
    expect(res.body.data.snapshot.truncated).toBe(true);
  });
});

describe('act', () => {
  it('runs actions by @e ref and CSS selector, for 1 credit whatever their number', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account);
    await call(account, { operation: 'snapshot', session_id: id });
    const res = await call(account, {
      operation: 'act',
      session_id: id,
      actions: [
        { type: 'type', selector: '@e3', text: 'laptops' },
        { type: 'click', selector: '@e4' },
        { type: 'select', selector: '#size', value: 'l' },
        { type: 'click', selector: '#agree' },
        { type: 'hover', selector: '@e2' },
        { type: 'scroll', direction: 'down' },
        { type: 'wait', duration: 50 },
        { type: 'snapshot' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(1);
    expect(res.body.data.completed).toBe(true);
    expect(res.body.data.results.map((result: { status: string }) => result.status)).toEqual(
      Array(8).fill('ok'),
    );
    const tree: string = res.body.data.results[7].snapshot.tree;
    expect(tree).toContain('@e3 [textbox] Search value="laptops"');
    expect(tree).toContain('@e5 [combobox] Size value="Large"');
    expect(tree).toContain('@e6 [checkbox] Agree [checked]');
    const read = await call(account, { operation: 'read', session_id: id, formats: ['text'] });
    expect(read.body.data.content.text).toContain('searched laptops');
  });

  it('follows a link and reports where the page is', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account);
    const res = await call(account, {
      operation: 'act',
      session_id: id,
      actions: [{ type: 'click', selector: '#next-link' }],
    });
    expect(res.body.data).toMatchObject({ url: site.url('/next'), title: 'Next' });
    const nav = await call(account, {
      operation: 'act',
      session_id: id,
      actions: [{ type: 'navigate', url: site.url('/app') }],
    });
    expect(nav.body.data.results[0]).toMatchObject({ status: 'ok', url: site.url('/app'), status_code: 200 });
  });

  it('stops at the first failed action, uncharged, with the results so far', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account);
    const res = await call(account, {
      operation: 'act',
      session_id: id,
      actions: [
        { type: 'type', selector: '#q', text: 'x' },
        { type: 'click', selector: '#does-not-exist' },
        { type: 'click', selector: '#go' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body.error.code).toBe('ELEMENT_NOT_FOUND');
    expect(res.body.error.failed_action).toBe(1);
    expect(res.body.error.results.map((result: { status: string }) => result.status)).toEqual([
      'ok',
      'failed',
      'skipped',
    ]);
    expect(await account.balance()).toBe(97);
  });

  it('keeps going with continue_on_error and says which actions ran', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account);
    const res = await call(account, {
      operation: 'act',
      session_id: id,
      continue_on_error: true,
      actions: [
        { type: 'click', selector: '@e9' },
        { type: 'type', selector: '#q', text: 'still' },
        { type: 'click', selector: '#go' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(1);
    expect(res.body.data.completed).toBe(false);
    expect(res.body.data.failed).toBe(1);
    expect(res.body.data.results[0]).toMatchObject({
      status: 'failed',
      error: { code: 'ELEMENT_NOT_FOUND' },
    });
    expect(res.body.data.results.slice(1).map((result: { status: string }) => result.status)).toEqual([
      'ok',
      'ok',
    ]);
  });

  it('refuses executeJavaScript and more than 20 actions with 400', async () => {
    const account = await site.harness.account({ credits: 10 });
    const js = await call(account, {
      operation: 'act',
      session_id: 'bs_01JD3W8Q4Z7K2M5N6P8R9S0T1V',
      actions: [{ type: 'executeJavaScript', script: 'alert(1)' }],
    });
    expect(js.status).toBe(400);
    expect(js.body.error.details[0]).toEqual({
      field: 'actions.0.type',
      message: 'executeJavaScript is refused: browser actions cannot run page JavaScript',
    });
    const many = await call(account, {
      operation: 'act',
      session_id: 'bs_01JD3W8Q4Z7K2M5N6P8R9S0T1V',
      actions: Array(21).fill({ type: 'wait', duration: 1 }),
    });
    expect(many.status).toBe(400);
    expect(await account.balance()).toBe(10);
  });

  it('answers a stale ref after navigation with 404', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account);
    await call(account, { operation: 'snapshot', session_id: id });
    await call(account, {
      operation: 'act',
      session_id: id,
      actions: [{ type: 'navigate', url: site.url('/next') }],
    });
    const res = await call(account, {
      operation: 'act',
      session_id: id,
      actions: [{ type: 'click', selector: '@e4' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body.error.code).toBe('ELEMENT_NOT_FOUND');
  });
});

describe('read, screenshot, list, close', () => {
  it('reads markdown, html, text and json from the live DOM for 2 credits', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account);
    const res = await call(account, {
      operation: 'read',
      session_id: id,
      formats: ['markdown', 'html', 'text', 'json'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(2);
    const { content } = res.body.data;
    expect(content.markdown).toContain('# Rendered by script');
    expect(content.html).toContain('<h1>Rendered by script</h1>');
    expect(content.text).toContain('Rendered by script');
    expect(content.json).toMatchObject({
      title: 'Fixture App',
      metadata: { title: 'Fixture App' },
      structured_data: [],
    });
  });

  it('redacts PII in read when asked, and says so', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account);
    const res = await call(account, {
      operation: 'read',
      session_id: id,
      formats: ['text'],
      redact_pii: true,
    });
    expect(res.body.data.content.text).toContain('[REDACTED_EMAIL]');
    expect(res.body.data.content.text).not.toContain('ada@example.com');
    expect(res.body.data.redaction).toMatchObject({ count: 1, mode: 'fast', entities: { email: 1 } });
  });

  it('stores a read whose content exceeds max_inline_chars, readable with read_result', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account, '/long');
    const res = await call(account, {
      operation: 'read',
      session_id: id,
      formats: ['text'],
      max_inline_chars: 1000,
    });
    expect(res.body.data).toMatchObject({
      sessionId: id,
      truncated: true,
      result_handle: expect.any(String),
    });
    const stored = await site.harness.tool(
      'read_result',
      { result_handle: res.body.data.result_handle },
      account.key,
    );
    expect(JSON.stringify(stored.body.data)).toContain('Paragraph 79');
    // The measure is the page content, not the envelope around it: a short page stays inline at 1000.
    const next = await open(account, '/next');
    const small = await call(account, {
      operation: 'read',
      session_id: next,
      formats: ['html'],
      max_inline_chars: 1000,
    });
    expect(small.body.data.content.html).toContain('The second page.');
  });

  it('answers a screenshot with its resource URI, unresolved', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account);
    const full = await call(account, {
      operation: 'screenshot',
      session_id: id,
      full_page: true,
      format: 'jpeg',
      quality: 50,
    });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.credits_used).toBe(1);
    expect(full.body.data.screenshot).toMatch(/^webextract:\/\/screenshot\/shot_[0-9A-Z]+$/);
    expect(full.body.data).toMatchObject({ format: 'jpeg', full_page: true, mime_type: 'image/jpeg' });
    await call(account, { operation: 'snapshot', session_id: id });
    expect(full.body).not.toHaveProperty('warnings');
    const element = await call(account, { operation: 'screenshot', session_id: id, selector: '@e4' });
    expect(element.body.data).toMatchObject({ selector: '@e4', mime_type: 'image/png' });
    expect(element.body).not.toHaveProperty('warnings');
    const pngWithQuality = await call(account, { operation: 'screenshot', session_id: id, quality: 30 });
    expect(pngWithQuality.status, JSON.stringify(pngWithQuality.body)).toBe(200);
    expect(pngWithQuality.body.data.mime_type).toBe('image/png');
    expect(pngWithQuality.body.warnings).toEqual([
      expect.stringContaining('quality applies to JPEG screenshots only'),
    ]);
    const missing = await call(account, { operation: 'screenshot', session_id: id, selector: '#nope' });
    expect(missing.status).toBe(404);
  });

  it('lists live sessions with their URLs and both clocks, and closes one for 1 credit', async () => {
    const account = await site.harness.account({ credits: 100 });
    const first = await open(account);
    const second = await open(account, '/next');
    const list = await call(account, { operation: 'list' });
    expect(list.body.credits_used).toBe(1);
    expect(list.body.data.count).toBe(2);
    expect(list.body.data.sessions).toEqual([
      expect.objectContaining({ sessionId: first, url: site.url('/app'), expires_at: expect.any(String) }),
      expect.objectContaining({
        sessionId: second,
        url: site.url('/next'),
        idle_expires_at: expect.any(String),
      }),
    ]);
    const closed = await call(account, { operation: 'close', session_id: first });
    expect(closed.body).toMatchObject({ credits_used: 1, data: { sessionId: first, closed: true } });
    const after = await call(account, { operation: 'list' });
    expect(after.body.data.sessions.map((session: { sessionId: string }) => session.sessionId)).toEqual([
      second,
    ]);
    const gone = await call(account, { operation: 'read', session_id: first });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toEqual({ code: 'SESSION_NOT_FOUND', message: 'Session not found' });
  });
});
