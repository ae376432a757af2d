import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeWithActionsTool } from '../../lib/tools/scrape-with-actions/index.js';
import type { TestAccount } from '../support/harness.js';
import { respond } from '../support/tool-site.js';
import { APP_PAGE, NEXT_PAGE } from './fixtures/app-pages.js';
import { type BrowserSite, HTML, page, startBrowserSite } from './support/browser-site.js';

/** scrape_with_actions (our shape, docs/decisions.md): actions first, then scrape's formats of the result. */

const LOAD_MORE = page(
  `<main><h1>Catalogue</h1><ul id="items"><li>First item</li></ul>
<button id="more" onclick="document.getElementById('items').insertAdjacentHTML('beforeend', '<li>Second item</li>')">Load more</button></main>`,
  '<title>Catalogue</title>',
);

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite({
    host: 'actions.test',
    tools: [scrapeWithActionsTool],
    routes: {
      '/app': respond(200, HTML, APP_PAGE),
      '/next': respond(200, HTML, NEXT_PAGE),
      '/catalogue': respond(200, HTML, LOAD_MORE),
    },
  });
});
afterAll(() => site?.close());

const call = (account: TestAccount, body: Record<string, unknown>) =>
  site.harness.tool('scrape_with_actions', body, account.key);

describe('scrape_with_actions', () => {
  it('runs the actions, then returns the formats of the page they left, for 5 credits', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call(account, {
      url: site.url('/catalogue'),
      actions: [{ type: 'click', selector: '#more' }, { type: 'wait', duration: 50 }, { type: 'screenshot' }],
      formats: ['markdown', 'rawHtml', 'links'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(5);
    const data = res.body.data;
    expect(data).toMatchObject({
      url: site.url('/catalogue'),
      final_url: site.url('/catalogue'),
      title: 'Catalogue',
      status: 200,
    });
    expect(data.formats.markdown).toContain('Second item');
    expect(data.formats.rawHtml).toContain('<li>Second item</li>');
    expect(data.formats.links).toEqual([]);
    expect(data.action_results.map((result: { status: string }) => result.status)).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    expect(data.action_results[2].screenshot).toMatch(/^webextract:\/\/screenshot\//);
  });

  it('takes refs from a snapshot action and follows a navigation', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call(account, {
      url: site.url('/app'),
      actions: [{ type: 'snapshot' }, { type: 'click', selector: '@e7' }],
      formats: ['text'],
      onlyMainContent: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.action_results[0].snapshot.tree).toContain('@e7 [link] Continue');
    expect(res.body.data.final_url).toBe(site.url('/next'));
    expect(res.body.data.formats.text).toContain('The second page.');
  });

  it('ends at a failed action, uncharged, unless continue_on_error', async () => {
    const account = await site.harness.account({ credits: 100 });
    const actions = [
      { type: 'click', selector: '#nothing-here' },
      { type: 'click', selector: '#more' },
    ];
    const failed = await call(account, { url: site.url('/catalogue'), actions });
    expect(failed.status).toBe(404);
    expect(failed.body.error).toMatchObject({ code: 'ELEMENT_NOT_FOUND', failed_action: 0 });
    expect(await account.balance()).toBe(100);
    const kept = await call(account, { url: site.url('/catalogue'), actions, continue_on_error: true });
    expect(kept.status).toBe(200);
    expect(kept.body.data.action_results.map((result: { status: string }) => result.status)).toEqual([
      'failed',
      'ok',
    ]);
    expect(kept.body.data.formats.markdown).toContain('Second item');
  });

  it('refuses executeJavaScript, an empty action list and robots-disallowed pages', async () => {
    const account = await site.harness.account({ credits: 100 });
    const js = await call(account, {
      url: site.url('/app'),
      actions: [{ type: 'executeJavaScript', script: '1' }],
    });
    expect(js.status).toBe(400);
    const empty = await call(account, { url: site.url('/app'), actions: [] });
    expect(empty.status).toBe(400);
    const robots = await call(account, {
      url: site.url('/private/x'),
      actions: [{ type: 'wait', duration: 1 }],
    });
    expect(robots.status).toBe(403);
    expect(robots.body.error.code).toBe('ROBOTS_DISALLOWED');
    expect(await account.balance()).toBe(100);
  });

  it('runs in the stealth engine when asked', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call(account, {
      url: site.url('/catalogue'),
      actions: [{ type: 'click', selector: '#more' }],
      stealth: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.formats.markdown).toContain('Second item');
  });
});
