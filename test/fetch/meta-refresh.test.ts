import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, MAX_REDIRECTS } from '../../lib/fetch/fetch-page.js';
import { metaRefreshTarget } from '../../lib/fetch/meta-refresh.js';
import { extractTextTool } from '../../lib/tools/extract-text/index.js';
import { fetchUrlTool } from '../../lib/tools/fetch-url/index.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';
import { HTML_UTF8, respond, startToolSite, type ToolSite } from '../support/tool-site.js';
import { rejectionOf, testFetchEnv } from './fetch-env.js';

const PAGE = 'https://news.test/a/b.html';
const refresh = (content: string) =>
  `<html><head><meta http-equiv="Refresh" content="${content}"></head></html>`;

describe('metaRefreshTarget', () => {
  it.each([
    ['0; url=/story', 'https://news.test/story'],
    ['0;URL=https://other.test/x', 'https://other.test/x'],
    ["1, url='next.html'", 'https://news.test/a/next.html'],
    ['5;url=/five', 'https://news.test/five'],
    ['0; /bare', 'https://news.test/bare'],
    ['0.5; url=/half', 'https://news.test/half'],
  ])('follows content="%s"', (content, target) => {
    expect(metaRefreshTarget(refresh(content), PAGE)).toBe(target);
  });

  it.each([
    ['30; url=/later', 'a delay a reader sits through'],
    ['0', 'a reload without a URL'],
    ['0; url=b.html#top', 'the page itself'],
    ['0; url=javascript:alert(1)', 'a script URL'],
    ['0; url=ftp://files.test/x', 'another scheme'],
    ['soon; url=/x', 'no delay'],
  ])('leaves content="%s" alone (%s)', (content) => {
    expect(metaRefreshTarget(refresh(content), PAGE)).toBeNull();
  });

  it('ignores refreshes in <noscript>, scripts and comments, and reads the attribute in any order', () => {
    expect(
      metaRefreshTarget(
        '<noscript><meta http-equiv="refresh" content="0; url=/enable-js"></noscript>' +
          '<script>document.write(\'<meta http-equiv="refresh" content="0; url=/w">\')</script>' +
          '<!-- <meta http-equiv="refresh" content="0; url=/c"> -->',
        PAGE,
      ),
    ).toBeNull();
    expect(metaRefreshTarget('<meta content="0;url=/x" http-equiv=refresh>', PAGE)).toBe(
      'https://news.test/x',
    );
  });
});

describe('fetchPage follows a refresh as a redirect', () => {
  let server: FixtureServer;
  const pages: Record<string, string> = {
    '/moved': refresh('0; url=/article'),
    '/article': '<html><head><title>Article</title></head><body><p>The story itself.</p></body></html>',
    '/slideshow': `${refresh('30; url=/next-slide')}<p>Slide one</p>`,
    '/app':
      '<html><head><noscript><meta http-equiv="refresh" content="0; url=/enable-js"></noscript></head><body><div id="root"></div></body></html>',
    '/ping': refresh('0; url=/pong'),
    '/challenge': `${refresh('1; url=/pass?nonce=42')}<p>Checking your browser</p>`,
    '/pong': refresh('0; url=/ping'),
  };
  beforeAll(async () => {
    server = await startFixtureServer((req, res) => {
      const path = req.url ?? '';
      if (path === '/to-loopback') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(refresh(`0; url=http://127.0.0.1:${server.port}/article`));
        return;
      }
      const body = pages[path];
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html' });
      res.end(body ?? 'not found');
    });
  });
  afterAll(() => server.close());

  const fetchAt = (path: string) =>
    fetchPage(testFetchEnv(), server.url(path, 'site.test'), { timeoutMs: 5_000 });

  it('reads the target and lists it among the redirects', async () => {
    const page = await fetchAt('/moved');
    expect(page.body).toContain('The story itself.');
    expect(page.requestedUrl).toBe(server.url('/moved', 'site.test'));
    expect(page.finalUrl).toBe(server.url('/article', 'site.test'));
    expect(page.redirects).toEqual([server.url('/article', 'site.test')]);
  });

  it('hands back the page as served when asked not to follow', async () => {
    const page = await fetchPage(testFetchEnv(), server.url('/moved', 'site.test'), {
      timeoutMs: 5_000,
      followRefresh: false,
    });
    expect(page.redirects).toEqual([]);
    expect(page.body).toContain('http-equiv="Refresh"');
  });

  it('keeps a page with a long delay and an app whose refresh is for readers without JavaScript', async () => {
    expect((await fetchAt('/slideshow')).body).toContain('Slide one');
    expect((await fetchAt('/app')).redirects).toEqual([]);
  });

  it('keeps the page that refreshed when its target fails (a challenge passed without its cookie)', async () => {
    const page = await fetchAt('/challenge');
    expect(page.body).toContain('Checking your browser');
    expect(page.redirects).toEqual([]);
  });

  it('stops a refresh loop at the redirect limit with the last page read', async () => {
    const page = await fetchAt('/ping');
    expect(page.redirects).toHaveLength(MAX_REDIRECTS);
    expect(page.status).toBe(200);
  });

  it('refuses a refresh to a private address as it refuses a redirect there', async () => {
    expect(await rejectionOf(fetchAt('/to-loopback'))).toMatchObject({ code: 'SSRF_BLOCKED' });
  });
});

describe('through the API', () => {
  let site: ToolSite;
  beforeAll(async () => {
    site = await startToolSite({
      host: 'moved.test',
      tools: [extractTextTool, fetchUrlTool],
      routes: {
        '/old': respond(200, HTML_UTF8, refresh('0; url=/new')),
        '/new': respond(
          200,
          HTML_UTF8,
          '<html><head><title>New</title></head><body><p>The page moved here.</p></body></html>',
        ),
      },
    });
  });
  afterAll(() => site?.close());

  it('extract_text reads the target of a refresh; fetch_url answers the page as served', async () => {
    const account = await site.harness.account({ credits: 10 });
    const text = await site.harness.tool('extract_text', { url: site.url('/old') }, account.key);
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    expect(text.body.data.text).toBe('The page moved here.');
    expect(text.body.data.url).toBe(site.url('/new'));
    const raw = await site.harness.tool('fetch_url', { url: site.url('/old'), format: 'html' }, account.key);
    expect(raw.status, JSON.stringify(raw.body)).toBe(200);
    expect(raw.body.data).toMatchObject({ final_url: site.url('/old'), redirects: [] });
    expect(await account.balance()).toBe(8);
  });
});
