import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapSiteTool } from '../../lib/tools/map-site/index.js';
import { html, type MultiHostSite, slow, startMultiHostSite } from './support/multi-host-site.js';
import {
  BIGMAP_HOST,
  bigmapSite,
  CRAWL_HOST,
  crawlSite,
  FULLMAP_HOST,
  fullmapSite,
  SITEMAP_HOST,
  sitemapSite,
} from './support/site-hosts.js';

let site: MultiHostSite;

beforeAll(async () => {
  site = await startMultiHostSite({
    tools: [mapSiteTool],
    hosts: {
      [SITEMAP_HOST]: sitemapSite,
      [BIGMAP_HOST]: bigmapSite,
      [FULLMAP_HOST]: fullmapSite,
      [CRAWL_HOST]: { ...crawlSite, '/slow-page': slow(3000, html(200, '<p>late</p>')) },
    },
  });
});
afterAll(() => site?.close());

async function mapSite(body: Record<string, unknown>, credits = 10) {
  const account = await site.harness.account({ credits });
  const res = await site.harness.tool('map_site', body, account.key);
  return { res, balance: await account.balance() };
}

describe('map_site, sitemap mode', () => {
  it('reads the sitemap index robots.txt names, three children (one gzipped), robots-filtered', async () => {
    const origin = site.origin(SITEMAP_HOST);
    const { res, balance } = await mapSite({ url: `${origin}/` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      base_url: origin,
      source: 'sitemap',
      total_pages: 8,
      internal_links: 8,
      external_links: 0,
      pages: [
        `${origin}/`,
        `${origin}/about`,
        `${origin}/pricing`,
        `${origin}/search?q=maps&page=2`,
        `${origin}/blog/first-post`,
        `${origin}/blog/second-post`,
        `${origin}/docs/getting-started`,
        `${origin}/docs/api`,
      ],
      max_depth_reached: null,
      sitemap: null,
    });
    expect(res.body.warnings).toEqual([
      '1 discovered URL disallowed by robots.txt for WebExtractBot was left out',
      'The sitemaps list more URLs than a map returns (500 URLs, 3 child sitemaps); the rest were not read',
    ]);
    expect(site.requests({ host: SITEMAP_HOST, path: '/sitemaps/extra.xml' })).toHaveLength(0);
    expect(res.body.credits_used).toBe(2);
    expect(balance).toBe(8);
  });

  it('stops at 500 URLs of a plain /sitemap.xml', async () => {
    const origin = site.origin(BIGMAP_HOST);
    const { res } = await mapSite({ url: `${origin}/` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.source).toBe('sitemap');
    expect(res.body.data.total_pages).toBe(500);
    expect(res.body.data.pages.at(-1)).toBe(`${origin}/item/500`);
    expect(res.body.warnings).toContain(
      'The sitemaps list more URLs than a map returns (500 URLs, 3 child sitemaps); the rest were not read',
    );
  });

  it('leaves disallowed URLs out before the cap, so 501 listed with one disallowed map all 500 others', async () => {
    const origin = site.origin(FULLMAP_HOST);
    const { res } = await mapSite({ url: `${origin}/` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.total_pages).toBe(500);
    expect(res.body.data.pages).not.toContain(`${origin}/item/3`);
    expect(res.body.data.pages.at(-1)).toBe(`${origin}/item/501`);
    expect(res.body.warnings).toEqual([
      '1 discovered URL disallowed by robots.txt for WebExtractBot was left out',
    ]);
  });
});

describe('map_site, crawl mode', () => {
  it('crawls breadth-first to max_depth, maps each page to its links, leaves disallowed URLs out', async () => {
    const origin = site.origin(CRAWL_HOST);
    const { res, balance } = await mapSite({ url: `${origin}/`, max_depth: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.source).toBe('crawl');
    expect(data.base_url).toBe(origin);
    // Depth 0: /, depth 1: /a /b, depth 2: /a/1 /a/2 /b/1; /missing (404) is not a page.
    expect(data.pages).toEqual([
      `${origin}/`,
      `${origin}/a`,
      `${origin}/b`,
      `${origin}/a/1`,
      `${origin}/a/2`,
      `${origin}/b/1`,
    ]);
    expect(data.total_pages).toBe(6);
    expect(data.max_depth_reached).toBe(2);
    expect(data.sitemap[`${origin}/`]).toEqual([
      `${origin}/a`,
      `${origin}/b`,
      `${origin}/files/brochure.pdf`,
    ]);
    expect(data.sitemap[`${origin}/a/1`]).toEqual([`${origin}/a/1/deep`]);
    // Unique internal links: / /a /b /files/brochure.pdf /a/1 /a/2 /b/1 /a/1/deep /missing.
    expect(data.internal_links).toBe(9);
    expect(data.external_links).toBe(0);
    expect(res.body.warnings).toEqual([
      '1 discovered URL disallowed by robots.txt for WebExtractBot was left out',
    ]);
    expect(site.requests({ host: CRAWL_HOST, path: '/private/secret' })).toHaveLength(0);
    expect(site.requests({ host: CRAWL_HOST, path: '/a/1/deep' })).toHaveLength(0);
    expect(site.requests({ host: CRAWL_HOST, path: '/files/brochure.pdf' })).toHaveLength(0);
    expect(balance).toBe(8);
  });

  it('lists and counts links to other sites with include_external, never visiting them', async () => {
    const origin = site.origin(CRAWL_HOST);
    const { res } = await mapSite({ url: `${origin}/`, max_depth: 1, include_external: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.pages).toEqual([`${origin}/`, `${origin}/a`, `${origin}/b`]);
    expect(res.body.data.max_depth_reached).toBe(1);
    expect(res.body.data.sitemap[`${origin}/`]).toContain('http://elsewhere.test/partner');
    expect(res.body.data.sitemap[`${origin}/b`]).toContain('https://elsewhere.test/other');
    expect(res.body.data.external_links).toBe(2);
  });

  it('visits at most 30 pages and says how many it did not reach', async () => {
    const origin = site.origin(CRAWL_HOST);
    const { res } = await mapSite({ url: `${origin}/hub`, max_depth: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.total_pages).toBe(30);
    expect(res.body.data.internal_links).toBe(41);
    expect(res.body.warnings).toEqual([
      'Crawl stopped at the 30-page limit; 11 queued URLs were not visited',
    ]);
    expect(site.requests({ host: CRAWL_HOST }).filter((r) => r.path.startsWith('/hub/'))).toHaveLength(29);
  });

  it('refuses an entry URL robots.txt disallows with 403, uncharged, and maps it with respect_robots: false', async () => {
    const url = site.url(CRAWL_HOST, '/private/start');
    const refused = await mapSite({ url });
    expect(refused.res.status, JSON.stringify(refused.res.body)).toBe(403);
    expect(refused.res.body.error.code).toBe('ROBOTS_DISALLOWED');
    expect(refused.balance).toBe(10);

    const overridden = await mapSite({ url, max_depth: 1, respect_robots: false });
    expect(overridden.res.status, JSON.stringify(overridden.res.body)).toBe(200);
    expect(overridden.res.body.data.pages).toEqual([url, site.url(CRAWL_HOST, '/a')]);
    expect(overridden.res.body.warnings[0]).toMatch(
      /robots\.txt disallows .*\/private\/start .*respect_robots is false/,
    );
  });

  it('answers 502 TARGET_HTTP_ERROR when the entry page fails, 422 when it is no page, 504 when it is too slow', async () => {
    const gone = await mapSite({ url: site.url(CRAWL_HOST, '/gone') });
    expect(gone.res.status, JSON.stringify(gone.res.body)).toBe(502);
    expect(gone.res.body.error).toMatchObject({
      code: 'TARGET_HTTP_ERROR',
      message: 'Target answered HTTP 404',
    });
    expect(gone.balance).toBe(10);

    const pdf = await mapSite({ url: site.url(CRAWL_HOST, '/files/brochure.pdf') });
    expect(pdf.res.status, JSON.stringify(pdf.res.body)).toBe(422);
    expect(pdf.res.body.error.code).toBe('NO_PAGES_MAPPED');
    expect(pdf.balance).toBe(10);

    const late = await mapSite({ url: site.url(CRAWL_HOST, '/slow-page'), timeout: 1000 });
    expect(late.res.status, JSON.stringify(late.res.body)).toBe(504);
    expect(late.res.body.error.code).toBe('FETCH_TIMEOUT');
    expect(late.balance).toBe(10);
  });

  it('validates max_depth, timeout and url before fetching', async () => {
    const before = site.requests().length;
    const { res, balance } = await mapSite({ url: 'ftp://crawl.test/', max_depth: 6, timeout: 500 });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'max_depth',
      'timeout',
      'url',
    ]);
    expect(balance).toBe(10);
    expect(site.requests().length).toBe(before);
  });
});
