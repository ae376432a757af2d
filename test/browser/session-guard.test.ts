import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robotsOverrides } from '../../lib/db/schema/index.js';
import { browserSessionTool } from '../../lib/tools/browser-session/index.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';
import type { TestAccount } from '../support/harness.js';
import { respond } from '../support/tool-site.js';
import { type BrowserSite, HTML, page, startBrowserSite } from './support/browser-site.js';

/**
 * The SSRF guard and robots.txt inside a live page (docs/reference/browsers.md#session-lifetime, docs/reference/README.md#common-parameters): before the browser starts,
 * on every navigation in a session, and on every request the page makes by itself: redirects,
 * subresources, iframes and `fetch` in page code. The "internal" server listens on 127.0.0.2, a
 * loopback address no FETCH_HOST_MAP name stands for: any request it sees is a guard failure.
 */

let internal: FixtureServer;
let site: BrowserSite;
let secretUrl: string;

beforeAll(async () => {
  internal = await startFixtureServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<p>internal secret</p>');
  }, '127.0.0.2');
  secretUrl = internal.url('/secret');
  site = await startBrowserSite({
    host: 'app.test',
    tools: [browserSessionTool],
    maxSessions: 40,
    maxSessionsPerAccount: 20,
    routes: {
      '/start': respond(
        200,
        HTML,
        page(
          `<a id="private" href="http://10.1.2.3/admin">Admin</a>
           <a id="redirect" href="/to-internal">Redirecting</a>
           <a id="robots" href="/private/page">Disallowed</a>`,
          '<title>Start</title>',
        ),
      ),
      '/to-internal': (_req, res) => {
        res.writeHead(302, { location: secretUrl });
        res.end();
      },
      '/private/page': respond(200, HTML, page('<p>disallowed content</p>', '<title>Private</title>')),
      '/private/pixel.png': respond(200, { 'content-type': 'image/png' }, Buffer.alloc(10)),
      '/with-private-asset': respond(200, HTML, page('<img src="/private/pixel.png"><p>asset page</p>')),
      '/reaching-in': (_req, res) => {
        res.writeHead(200, HTML);
        res.end(
          page(`<p id="status">waiting</p>
<img src="${secretUrl}?img">
<iframe src="${secretUrl}?frame"></iframe>
<script>
  fetch('${secretUrl}?fetch').then(
    () => { document.getElementById('status').textContent = 'fetch reached it'; },
    () => { document.getElementById('status').textContent = 'fetch refused'; },
  );
</script>`),
        );
      },
    },
  });
});
afterAll(async () => {
  await site?.close();
  await internal?.close();
});

const call = (account: TestAccount, body: Record<string, unknown>) =>
  site.harness.tool('browser_session', body, account.key);

async function openStart(account: TestAccount) {
  const res = await call(account, { operation: 'open', url: site.url('/start') });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.sessionId as string;
}

describe('before the browser starts', () => {
  it('refuses to open a private address with 403, uncharged, without a request or a session', async () => {
    const account = await site.harness.account({ credits: 10 });
    const live = site.runtime.localHost?.liveEntries;
    const res = await call(account, { operation: 'open', url: secretUrl });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error.code).toBe('SSRF_BLOCKED');
    expect(await account.balance()).toBe(10);
    expect(internal.connections()).toBe(0);
    expect(site.runtime.localHost?.liveEntries).toBe(live);
  });

  it('refuses to open a path robots.txt disallows with 403, uncharged, without fetching it', async () => {
    const account = await site.harness.account({ credits: 10 });
    const hits = site.hits('/private/page');
    const res = await call(account, { operation: 'open', url: site.url('/private/page') });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ROBOTS_DISALLOWED');
    expect(site.hits('/private/page')).toBe(hits);
    expect(await account.balance()).toBe(10);
  });

  it('opens it with respect_robots false, warning once and recording the override', async () => {
    const account = await site.harness.account({ credits: 10 });
    const res = await call(account, {
      operation: 'open',
      url: site.url('/private/page'),
      respect_robots: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.warnings).toEqual([expect.stringContaining('robots.txt disallows')]);
    const rows = await site.harness.services.db
      .select()
      .from(robotsOverrides)
      .where(eq(robotsOverrides.accountId, account.accountId));
    expect(rows).toEqual([
      expect.objectContaining({ tool: 'browser_session', url: site.url('/private/page') }),
    ]);
  });
});

describe('navigations inside a session', () => {
  it('refuses a navigate action to a private address with 403 and keeps the page where it was', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await openStart(account);
    const res = await call(account, {
      operation: 'act',
      session_id: id,
      actions: [{ type: 'navigate', url: secretUrl }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error.code).toBe('SSRF_BLOCKED');
    expect(internal.connections()).toBe(0);
    const read = await call(account, { operation: 'read', session_id: id, formats: ['text'] });
    expect(read.body.data.url).toBe(site.url('/start'));
  });

  it('refuses a navigate action robots.txt disallows, and respect_robots false is for that call only', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await openStart(account);
    const navigate = { type: 'navigate', url: site.url('/private/page') };
    const hits = site.hits('/private/page');
    const refused = await call(account, { operation: 'act', session_id: id, actions: [navigate] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ROBOTS_DISALLOWED');
    expect(site.hits('/private/page')).toBe(hits);
    const allowed = await call(account, {
      operation: 'act',
      session_id: id,
      actions: [navigate],
      respect_robots: false,
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.warnings).toEqual([expect.stringContaining('robots.txt disallows')]);
    const again = await call(account, {
      operation: 'act',
      session_id: id,
      actions: [{ type: 'navigate', url: site.url('/start') }, navigate],
    });
    expect(again.status).toBe(403);
  });

  it('refuses a click on a link to a private address', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await openStart(account);
    const res = await call(account, {
      operation: 'act',
      session_id: id,
      actions: [{ type: 'click', selector: '#private' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error.code).toBe('SSRF_BLOCKED');
  });

  it('refuses a click on a link robots.txt disallows', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await openStart(account);
    const hits = site.hits('/private/page');
    const res = await call(account, {
      operation: 'act',
      session_id: id,
      actions: [{ type: 'click', selector: '#robots' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error.code).toBe('ROBOTS_DISALLOWED');
    expect(site.hits('/private/page')).toBe(hits);
  });

  it('stops a redirect to a private address at the socket', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await openStart(account);
    const res = await call(account, {
      operation: 'act',
      session_id: id,
      actions: [{ type: 'click', selector: '#redirect' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error.code).toBe('SSRF_BLOCKED');
    expect(site.hits('/to-internal')).toBeGreaterThan(0);
    expect(internal.connections()).toBe(0);
    const opened = await call(account, { operation: 'open', url: site.url('/to-internal') });
    expect(opened.status).toBe(403);
    expect(opened.body.error.code).toBe('SSRF_BLOCKED');
    expect(internal.connections()).toBe(0);
  });
});

describe('what the page requests by itself', () => {
  it('never lets an image, an iframe or fetch in page code reach a private address', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call(account, { operation: 'open', url: site.url('/reaching-in') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.sessionId;
    const waited = await call(account, {
      operation: 'act',
      session_id: id,
      actions: [{ type: 'wait', duration: 300 }],
    });
    expect(waited.status).toBe(200);
    const read = await call(account, { operation: 'read', session_id: id, formats: ['text'] });
    expect(read.body.data.content.text).toContain('fetch refused');
    expect(internal.connections()).toBe(0);
  });

  it('does not fetch a subresource robots.txt disallows', async () => {
    const account = await site.harness.account({ credits: 100 });
    const res = await call(account, { operation: 'open', url: site.url('/with-private-asset') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(site.hits('/private/pixel.png')).toBe(0);
    const overridden = await call(account, {
      operation: 'open',
      url: site.url('/with-private-asset'),
      respect_robots: false,
    });
    expect(overridden.status).toBe(200);
    expect(site.hits('/private/pixel.png')).toBe(1);
    expect(overridden.body.warnings).toEqual([
      expect.stringContaining(
        `robots.txt disallows requests the page made to ${new URL(site.url('/')).origin}`,
      ),
    ]);
  });
});
