import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlDeepTool } from '../../lib/tools/crawl-deep/index.js';
import {
  html,
  linkPage,
  type MultiHostSite,
  page,
  startMultiHostSite,
  TEXT,
} from './support/multi-host-site.js';
import { CRAWL_HOST, crawlSite, SITEMAP_HOST, sitemapSite } from './support/site-hosts.js';

const POLITE_HOST = 'polite.test';
let site: MultiHostSite;
const crawl = (path: string) => site.url(CRAWL_HOST, path);

beforeAll(async () => {
  site = await startMultiHostSite({
    tools: [crawlDeepTool],
    hosts: {
      [CRAWL_HOST]: crawlSite,
      [SITEMAP_HOST]: sitemapSite,
      [POLITE_HOST]: {
        '/robots.txt': page(200, TEXT, 'User-agent: *\nCrawl-delay: 1\n'),
        '/': html(200, linkPage('Polite home', ['/p/1', '/p/2', '/p/3', '/p/4', '/p/5'])),
        '/p/*': html(200, linkPage('Polite page', [])),
      },
    },
  });
});
afterAll(() => site?.close());

async function crawlDeep(body: Record<string, unknown>, credits = 20) {
  const account = await site.harness.account({ credits });
  const res = await site.harness.tool('crawl_deep', body, account.key);
  return { res, balance: await account.balance() };
}

describe('crawl_deep', () => {
  it('crawls breadth-first within max_depth and returns every page in the requested formats, for 4 credits', async () => {
    const { res, balance } = await crawlDeep({
      url: crawl('/'),
      max_depth: 2,
      formats: ['markdown', 'links'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.pages.map((p: { url: string; depth: number }) => [p.url, p.depth])).toEqual([
      [crawl('/'), 0],
      [crawl('/a'), 1],
      [crawl('/b'), 1],
      [crawl('/a/1'), 2],
      [crawl('/a/2'), 2],
      [crawl('/b/1'), 2],
    ]);
    expect(data).toMatchObject({
      url: crawl('/'),
      status: 'completed',
      total: 6,
      completed: 6,
      failed: 0,
      max_depth_reached: 2,
      not_reached: { reason: null, count: 0, urls: [] },
      robots: { disallowed_count: 1, crawl_delay_seconds: null },
    });
    expect(data.pages[1]).toMatchObject({ status_code: 200, title: 'Page A', error: null });
    expect(data.pages[1].formats.markdown).toContain('Page A is a page of the fixture site');
    expect(data.pages[1].formats.links.map((l: { href: string }) => l.href)).toContain(crawl('/a/1'));
    expect(res.body.warnings).toEqual(['1 links disallowed by robots.txt were not followed']);
    expect(site.requests({ host: CRAWL_HOST, path: '/private/secret' })).toHaveLength(0);
    expect(res.body.credits_used).toBe(4);
    expect(balance).toBe(16);
  });

  it('stops at limit and lists what it did not reach', async () => {
    const { res } = await crawlDeep({ url: crawl('/'), max_depth: 3, limit: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.pages.map((p: { url: string }) => p.url)).toEqual([
      crawl('/'),
      crawl('/a'),
      crawl('/b'),
    ]);
    expect(res.body.data.status).toBe('partial');
    expect(res.body.data.not_reached).toEqual({
      reason: 'page_limit',
      count: 3,
      urls: [crawl('/a/1'), crawl('/a/2'), crawl('/b/1')],
    });
  });

  it('follows only links matching include_paths and not exclude_paths; failed pages stay in the result', async () => {
    const { res } = await crawlDeep({
      url: crawl('/'),
      max_depth: 3,
      include_paths: ['/a*', 'missing'],
      exclude_paths: ['/a/1$'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pages = res.body.data.pages;
    expect(pages.map((p: { url: string }) => p.url)).toEqual([
      crawl('/'),
      crawl('/a'),
      crawl('/a/2'),
      crawl('/missing'),
    ]);
    expect(pages[3]).toMatchObject({
      status_code: 404,
      title: null,
      formats: null,
      error: 'Target answered HTTP 404',
    });
    expect(res.body.data).toMatchObject({ total: 4, completed: 3, failed: 1, status: 'completed' });
  });

  it('spaces requests by Crawl-delay and stops starting pages when the budget runs out', async () => {
    const { res } = await crawlDeep({ url: site.url(POLITE_HOST, '/'), timeout: 2500 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.robots.crawl_delay_seconds).toBe(1);
    expect(data.pages.map((p: { url: string }) => p.url)).toEqual([
      site.url(POLITE_HOST, '/'),
      site.url(POLITE_HOST, '/p/1'),
      site.url(POLITE_HOST, '/p/2'),
    ]);
    expect(data.status).toBe('partial');
    expect(data.not_reached).toMatchObject({ reason: 'time_budget', count: 3 });
    const starts = site
      .requests({ host: POLITE_HOST })
      .filter((r) => r.path !== '/robots.txt')
      .map((r) => r.at);
    expect(starts).toHaveLength(3);
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(950);
    expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(950);
  });

  it('seeds the crawl with sitemap URLs on use_sitemap', async () => {
    const { res } = await crawlDeep({
      url: site.url(SITEMAP_HOST, '/about'),
      max_depth: 1,
      limit: 20,
      use_sitemap: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const urls = res.body.data.pages.map((p: { url: string }) => p.url);
    expect(urls).toContain(site.url(SITEMAP_HOST, '/blog/second-post'));
    expect(urls).toContain(site.url(SITEMAP_HOST, '/docs/api'));
    expect(urls).not.toContain(site.url(SITEMAP_HOST, '/private/admin'));
  });

  it('fails as scrape would when the entry page fails, uncharged', async () => {
    const gone = await crawlDeep({ url: crawl('/gone') });
    expect(gone.res.status, JSON.stringify(gone.res.body)).toBe(404);
    expect(gone.res.body.error).toMatchObject({ code: 'UPSTREAM_HTTP', message: 'Target answered HTTP 404' });
    expect(gone.balance).toBe(20);
    const robots = await crawlDeep({ url: crawl('/private/start') });
    expect(robots.res.status).toBe(403);
    expect(robots.res.body.error.code).toBe('ROBOTS_DISALLOWED');
    const pdf = await crawlDeep({ url: crawl('/files/brochure.pdf') });
    expect(pdf.res.status).toBe(415);
    expect(robots.balance + pdf.balance).toBe(40);
  });

  it('validates limit, timeout, depth and formats', async () => {
    const { res, balance } = await crawlDeep({
      url: crawl('/'),
      limit: 51,
      timeout: 26_000,
      max_depth: 6,
      formats: ['screenshot'],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'formats.0',
      'limit',
      'max_depth',
      'timeout',
    ]);
    expect(balance).toBe(20);
  });

  it("refuses scrape's one-page formats with a message that says where they work, and names an ignored escalate", async () => {
    const refused = await crawlDeep({
      url: crawl('/'),
      formats: ['markdown', { type: 'highlights', query: 'page' }, { type: 'question', question: 'What?' }],
    });
    expect(refused.res.status).toBe(400);
    expect(refused.res.body.error.details).toEqual([
      {
        field: 'formats.1',
        message: expect.stringMatching(/^highlights is a scrape format for one page; .*run scrape/),
      },
      { field: 'formats.2', message: expect.stringMatching(/^question is a scrape format for one page/) },
    ]);
    expect(refused.balance).toBe(20);
    const escalated = await crawlDeep({ url: crawl('/'), max_depth: 0, escalate: true });
    expect(escalated.res.status, JSON.stringify(escalated.res.body)).toBe(200);
    expect(escalated.res.body.warnings).toContain("Unknown parameter 'escalate' was ignored");
  });
});
