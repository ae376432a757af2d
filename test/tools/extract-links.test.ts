import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_NEXT_STEP } from '../../lib/fetch/assess-page.js';
import { extractLinksTool } from '../../lib/tools/extract-links/index.js';
import { expectFetchRefused, expectUrlEscalationPricing } from '../support/fetch-expectations.js';
import type { Harness } from '../support/harness.js';
import type { ToolSite } from '../support/tool-site.js';
import { startPagesSite } from './text-links-site.js';

let harness: Harness;
let site: ToolSite;

beforeAll(async () => {
  site = await startPagesSite([extractLinksTool]);
  harness = site.harness;
});
afterAll(() => site?.close());

const CATALOG = '/p/links-catalog.html';

interface Link {
  href: string | null;
  text: string;
  type: string;
  domain: string | null;
  rel: string | null;
  original_href: string;
  title?: string | null;
}

async function links(body: Record<string, unknown>, credits = 100) {
  const account = await harness.account({ credits });
  const res = await harness.tool('extract_links', body, account.key);
  return { account, res, body: res.body };
}

const originals = (list: Link[]) => list.map((link) => link.original_href);

describe('extract_links from a url', () => {
  it('lists every web link and other scheme, typed and deduplicated, and charges 1', async () => {
    const { account, res, body } = await links({ url: site.url(CATALOG) });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ success: true, credits_used: 1, credits_remaining: 99 });
    expect(body).not.toHaveProperty('warnings');
    expect(await account.balance()).toBe(99);

    const data = body.data;
    expect(Object.keys(data)).toEqual([
      'links',
      'statistics',
      'domains',
      'base_url',
      'extracted_from',
      'escalated',
    ]);
    const at = (path: string) => site.url(path);
    expect(data.links).toEqual([
      {
        href: at('/'),
        text: 'Acme Pages home',
        type: 'relative',
        domain: 'pages.test',
        rel: null,
        original_href: '/',
        title: null,
      },
      {
        href: at('/about'),
        text: 'About',
        type: 'relative',
        domain: 'pages.test',
        rel: null,
        original_href: '/about',
        title: null,
      },
      {
        href: at('/pricing'),
        text: 'Pricing',
        type: 'relative',
        domain: 'pages.test',
        rel: null,
        original_href: '/pricing',
        title: 'Plans and prices',
      },
      {
        href: 'https://pages.test/blog/',
        text: 'Blog',
        type: 'internal',
        domain: 'pages.test',
        rel: null,
        original_href: 'https://pages.test/blog/',
        title: null,
      },
      {
        href: 'https://www.pages.test/careers',
        text: 'Careers',
        type: 'internal',
        domain: 'www.pages.test',
        rel: null,
        original_href: 'https://www.pages.test/careers',
        title: null,
      },
      {
        href: at('/p/widgets/sprocket'),
        text: 'Sprocket',
        type: 'relative',
        domain: 'pages.test',
        rel: null,
        original_href: 'widgets/sprocket',
        title: null,
      },
      {
        href: at('/gears?size=large'),
        text: 'Large gears',
        type: 'relative',
        domain: 'pages.test',
        rel: null,
        original_href: '../gears?size=large',
        title: null,
      },
      {
        href: at('/p/links-catalog.html?page=2'),
        text: 'Next page',
        type: 'relative',
        domain: 'pages.test',
        rel: null,
        original_href: '?page=2',
        title: null,
      },
      {
        href: 'https://github.com/acme/widgets',
        text: 'GitHub',
        type: 'external',
        domain: 'github.com',
        rel: 'noopener nofollow',
        original_href: 'https://github.com/acme/widgets',
        title: 'Acme on GitHub',
      },
      {
        href: 'https://docs.github.com/en/pages',
        text: 'GitHub Docs',
        type: 'external',
        domain: 'docs.github.com',
        rel: null,
        original_href: 'https://docs.github.com/en/pages',
        title: null,
      },
      {
        href: 'http://cdn.example.net/widgets/catalog.pdf',
        text: 'our CDN',
        type: 'external',
        domain: 'cdn.example.net',
        rel: null,
        original_href: '//cdn.example.net/widgets/catalog.pdf',
        title: null,
      },
      {
        href: 'https://partner.example.org/acme',
        text: 'Partner Co',
        type: 'external',
        domain: 'partner.example.org',
        rel: null,
        original_href: 'https://partner.example.org/acme',
        title: null,
      },
      {
        href: 'mailto:sales@pages.test',
        text: 'sales',
        type: 'other',
        domain: null,
        rel: null,
        original_href: 'mailto:sales@pages.test',
        title: null,
      },
      {
        href: 'tel:+442079460958',
        text: '+44 20 7946 0958',
        type: 'other',
        domain: null,
        rel: null,
        original_href: 'tel:+442079460958',
        title: null,
      },
      {
        href: null,
        text: 'chat',
        type: 'other',
        domain: null,
        rel: null,
        original_href: 'javascript:openChat()',
        title: null,
      },
      {
        href: null,
        text: 'archive',
        type: 'other',
        domain: null,
        rel: null,
        original_href: 'ftp://files.pages.test/widgets.zip',
        title: null,
      },
      {
        href: at('/privacy'),
        text: 'Privacy',
        type: 'relative',
        domain: 'pages.test',
        rel: null,
        original_href: '/privacy',
        title: null,
      },
    ]);
    expect(data.statistics).toEqual({
      total_links: 17,
      internal_links: 2,
      external_links: 4,
      anchor_links: 0,
      relative_links: 7,
      other_links: 4,
      unique_domains: 6,
    });
    expect(data.domains).toEqual({
      'pages.test': 8,
      'www.pages.test': 1,
      'github.com': 1,
      'docs.github.com': 1,
      'cdn.example.net': 1,
      'partner.example.org': 1,
    });
    expect(data).toMatchObject({
      base_url: site.url(CATALOG),
      extracted_from: site.url(CATALOG),
      escalated: false,
    });
  });

  it('keeps repeats with deduplicate: false, and drops fragment and trailing-slash twins by default', async () => {
    const deduplicated = await links({ url: site.url(CATALOG) });
    const all = await links({ url: site.url(CATALOG), deduplicate: false });
    expect(all.res.status, JSON.stringify(all.body)).toBe(200);
    const extra = originals(all.body.data.links).filter(
      (href) => !originals(deduplicated.body.data.links).includes(href),
    );
    expect(extra).toEqual(['/about/', '/about#team', 'https://github.com/acme/widgets/']);
    expect(all.body.data.statistics.total_links).toBe(20);
  });

  it('adds bare-fragment links with include_anchors, each fragment once', async () => {
    const { res, body } = await links({ url: site.url(CATALOG), include_anchors: true });
    expect(res.status, JSON.stringify(body)).toBe(200);
    const anchors = body.data.links.filter((link: Link) => link.type === 'anchor');
    expect(anchors).toEqual([
      {
        href: site.url(`${CATALOG}#main`),
        text: 'Skip to content',
        type: 'anchor',
        domain: 'pages.test',
        rel: null,
        original_href: '#main',
        title: null,
      },
      {
        href: site.url(`${CATALOG}#specs`),
        text: 'Specifications',
        type: 'anchor',
        domain: 'pages.test',
        rel: null,
        original_href: '#specs',
        title: null,
      },
    ]);
    expect(body.data.links[0].original_href).toBe('#main');
    expect(body.data.statistics).toMatchObject({ total_links: 19, anchor_links: 2 });
  });

  it('drops internal links, relative ones included, with include_internal: false', async () => {
    const { res, body } = await links({ url: site.url(CATALOG), include_internal: false });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.statistics).toEqual({
      total_links: 8,
      internal_links: 0,
      external_links: 4,
      anchor_links: 0,
      relative_links: 0,
      other_links: 4,
      unique_domains: 4,
    });
  });

  it('treats filter_external: true as include_internal: false, overriding include_internal', async () => {
    const external = await links({ url: site.url(CATALOG), include_internal: false });
    const filtered = await links({ url: site.url(CATALOG), filter_external: true, include_internal: true });
    expect(filtered.res.status, JSON.stringify(filtered.body)).toBe(200);
    expect(filtered.body.data).toEqual(external.body.data);
    const types = new Set(filtered.body.data.links.map((link: Link) => link.type));
    expect([...types].sort()).toEqual(['external', 'other']);
  });

  it('drops external links with include_external: false', async () => {
    const { res, body } = await links({ url: site.url(CATALOG), include_external: false });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.statistics).toMatchObject({
      total_links: 13,
      internal_links: 2,
      external_links: 0,
      relative_links: 7,
    });
  });

  it('keeps hosts under filter_domains, subdomains included, however the domain is written', async () => {
    const { res, body } = await links({
      url: site.url(CATALOG),
      filter_domains: ['https://GitHub.com/acme', 'example.net'],
    });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.links.map((link: Link) => link.href)).toEqual([
      'https://github.com/acme/widgets',
      'https://docs.github.com/en/pages',
      'http://cdn.example.net/widgets/catalog.pdf',
    ]);
    expect(body.data.domains).toEqual({ 'github.com': 1, 'docs.github.com': 1, 'cdn.example.net': 1 });
  });

  it('leaves out title and domains with include_metadata: false', async () => {
    const { res, body } = await links({ url: site.url(CATALOG), include_metadata: false });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data).not.toHaveProperty('domains');
    expect(Object.keys(body.data)).toEqual([
      'links',
      'statistics',
      'base_url',
      'extracted_from',
      'escalated',
    ]);
    for (const link of body.data.links) expect(link).not.toHaveProperty('title');
  });

  it('resolves against <base href>, and base_url overrides it', async () => {
    const based = await links({ url: site.url('/p/links-base.html') });
    expect(based.res.status, JSON.stringify(based.body)).toBe(200);
    expect(based.body.data.base_url).toBe('https://static.pages.test/docs/v2/');
    expect(based.body.data.links.map((link: Link) => [link.href, link.type])).toEqual([
      ['https://static.pages.test/docs/v2/index.html', 'relative'],
      ['https://static.pages.test/docs/v2/auth/keys.html', 'relative'],
      ['https://static.pages.test/changelog', 'relative'],
      ['https://pages.test/support', 'internal'],
    ]);
    // A relative link that lands on another host leaves the site: include_external decides it.
    const own = await links({ url: site.url('/p/links-base.html'), include_external: false });
    expect(own.body.data.links.map((link: Link) => link.href)).toEqual(['https://pages.test/support']);

    const overridden = await links({
      url: site.url('/p/links-base.html'),
      base_url: 'https://pages.test/api/',
    });
    expect(overridden.body.data.base_url).toBe('https://pages.test/api/');
    expect(overridden.body.data.links[0]).toMatchObject({
      href: 'https://pages.test/api/index.html',
      type: 'relative',
    });
    expect(overridden.body.data.extracted_from).toBe(site.url('/p/links-base.html'));
  });

  it('follows redirects and reports the page the links came from', async () => {
    const { res, body } = await links({ url: site.url('/old') });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.extracted_from).toBe(site.url('/p/text-article.html'));
    expect(body.data.links[0]).toMatchObject({
      href: site.url('/'),
      text: 'Riverside Gazette',
      type: 'relative',
    });
  });

  it('waits out a 429 with Retry-After: 1 and retries once', async () => {
    const path = '/busy/links';
    const { account, res, body } = await links({ url: site.url(path) });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(site.hits(path)).toBe(2);
    expect(body.data.statistics.total_links).toBe(17);
    expect(await account.balance()).toBe(99);
  });

  it('answers a JSON body with no links and a warning, charged', async () => {
    const { account, res, body } = await links({ url: site.url('/api/tides.json') });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.warnings).toEqual(['Response is JSON, not an HTML page: it has no links to extract']);
    expect(body.data).toMatchObject({
      links: [],
      statistics: { total_links: 0, unique_domains: 0 },
      domains: {},
      base_url: site.url('/api/tides.json'),
      extracted_from: site.url('/api/tides.json'),
    });
    expect(await account.balance()).toBe(99);
  });

  it('answers a client-rendered shell with its links and a warning', async () => {
    const { res, body } = await links({ url: site.url('/p/text-app-shell.html') });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.warnings).toEqual([
      'Page is client-rendered: links drawn by JavaScript, which did not run, are missing; ' +
        'use stealth_mode operation scrape to render it',
    ]);
    expect(body.data.links).toEqual([]);
  });

  it('stores a result over max_inline_chars with the statistics beside the handle', async () => {
    const { res, body } = await links({ url: site.url(CATALOG), max_inline_chars: 1000 });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      statistics: { total_links: 17 },
      extracted_from: site.url(CATALOG),
      truncated: true,
      result_handle: expect.any(String),
    });
    expect(body.data).not.toHaveProperty('links');
  });

  it('holds 6 under escalate but charges 1 when the page needed no render', async () => {
    const { account, res, body } = await links({ url: site.url(CATALOG), escalate: true }, 6);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ credits_used: 1, credits_remaining: 5 });
    expect(body.data.escalated).toBe(false);
    expect(await account.balance()).toBe(5);
  });
});

describe('extract_links from html', () => {
  const HTML =
    '<nav><a href="/docs">Docs</a> <a href="https://example.com/pricing">Pricing</a> ' +
    '<a href="https://github.com/acme">GitHub</a> <a href="#top">Top</a></nav>';

  it('resolves against base_url, which also decides what is internal, without fetching', async () => {
    const before = site.connections();
    const { account, res, body } = await links({ html: HTML, base_url: 'https://www.example.com/guide/' });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(site.connections()).toBe(before);
    expect(body.data.links.map((link: Link) => [link.href, link.type])).toEqual([
      ['https://www.example.com/docs', 'relative'],
      ['https://example.com/pricing', 'internal'],
      ['https://github.com/acme', 'external'],
    ]);
    expect(body.data).toMatchObject({
      base_url: 'https://www.example.com/guide/',
      extracted_from: 'html',
      escalated: false,
    });
    expect(await account.balance()).toBe(99);
  });

  it('uses the html’s own <base href> when no base_url is sent', async () => {
    const { res, body } = await links({
      html: `<!DOCTYPE html><html><head><base href="https://example.com/a/"></head><body>${HTML}</body></html>`,
    });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.base_url).toBe('https://example.com/a/');
    expect(body.data.links[0]).toMatchObject({
      href: 'https://example.com/docs',
      type: 'relative',
      domain: 'example.com',
    });
    expect(body.data.links[1].type).toBe('internal');
  });

  it('keeps relative links unresolved, with a warning, when html comes with no address', async () => {
    const { res, body } = await links({ html: HTML, include_anchors: true });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.base_url).toBeNull();
    expect(body.data.links[0]).toEqual({
      href: null,
      text: 'Docs',
      type: 'relative',
      domain: null,
      rel: null,
      original_href: '/docs',
      title: null,
    });
    expect(body.data.links[3]).toMatchObject({ original_href: '#top', type: 'anchor', href: null });
    expect(body.warnings).toEqual([
      'No base URL: relative links are listed with href null; send base_url (or url) to resolve them',
    ]);
  });

  it('lets html win over url, which then stands for its address', async () => {
    const before = site.connections();
    const { res, body } = await links({ html: HTML, url: 'https://example.com/start' });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(site.connections()).toBe(before);
    expect(body.data.extracted_from).toBe('html');
    expect(body.data.links[0]).toMatchObject({ href: 'https://example.com/docs', type: 'relative' });
    expect(body.warnings).toEqual([
      'url not fetched: html wins when both are sent; https://example.com/start stands for its address',
    ]);
  });

  it('never escalates html, so escalate holds 1 only', async () => {
    const { account, res, body } = await links({ html: HTML, escalate: true }, 1);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(await account.balance()).toBe(0);
  });
});

describe('extract_links errors, all uncharged', () => {
  it('needs url or html, and validates the rest', async () => {
    const neither = await links({ include_anchors: true }, 10);
    expect(neither.res.status, JSON.stringify(neither.body)).toBe(400);
    expect(neither.body.error.details).toEqual([{ field: 'url', message: 'one of url or html is required' }]);

    const bad = await links(
      {
        url: 'file:///etc/passwd',
        base_url: 'not a url',
        filter_domains: ['github.com', '  '],
        include_internal: 'no',
        escalate_engine: 'engine_z',
        max_inline_chars: 20_000_000,
      },
      10,
    );
    expect(bad.res.status, JSON.stringify(bad.body)).toBe(400);
    const fields = bad.body.error.details.map((detail: { field: string }) => detail.field).sort();
    expect(fields).toEqual([
      'base_url',
      'escalate_engine',
      'filter_domains.1',
      'include_internal',
      'max_inline_chars',
      'url',
    ]);
    expect(await bad.account.balance()).toBe(10);
  });

  it('refuses a robots.txt-disallowed page with 403, and reads it with respect_robots: false', async () => {
    const url = site.url('/private/links-catalog.html');
    const refused = await links({ url }, 10);
    expectFetchRefused(refused.res, 'robots');
    expect(await refused.account.balance()).toBe(10);

    const overridden = await links({ url, respect_robots: false }, 10);
    expect(overridden.res.status, JSON.stringify(overridden.body)).toBe(200);
    expect(overridden.body.warnings).toEqual([
      expect.stringMatching(/^robots\.txt disallows .*respect_robots is false$/),
    ]);
    expect(overridden.body.credits_used).toBe(1);
    expect(await overridden.account.balance()).toBe(9);
  });

  it('answers a Cloudflare challenge with BLOCKED, the evidence and a next step', async () => {
    const { account, res, body } = await links({ url: site.url('/challenge') }, 10);
    expect(res.status, JSON.stringify(body)).toBe(403);
    expect(body.error).toMatchObject({
      code: 'BLOCKED',
      next_step: BLOCKED_NEXT_STEP,
      blocked: { vendor: 'cloudflare' },
    });
    expect(body.error.blocked.evidence.length).toBeGreaterThan(0);
    expect(await account.balance()).toBe(10);
  });

  it('holds up to 6 under escalate and releases all of it when the render is not available', async () => {
    // The firm price is 1: a balance of 1 is enough to try; the +5 is held only as far as it goes.
    const short = await links({ url: site.url('/challenge'), escalate: true }, 1);
    expect(short.res.status, JSON.stringify(short.body)).toBe(503);
    expect(await short.account.balance()).toBe(1);
    const broke = await links({ url: site.url('/challenge'), escalate: true }, 0);
    expect(broke.res.status).toBe(402);

    const { account, res, body } = await links(
      { url: site.url('/challenge'), escalate: true, escalate_engine: 'engine_b' },
      6,
    );
    expect(res.status, JSON.stringify(body)).toBe(503);
    expect(body.error).toMatchObject({ code: 'TOOL_NOT_AVAILABLE', escalated: false });
    expect(await account.balance()).toBe(6);
  });

  it('passes a 404 through as UPSTREAM_HTTP', async () => {
    const { account, res } = await links({ url: site.url('/gone') }, 10);
    expectFetchRefused(res, 'missing');
    expect(await account.balance()).toBe(10);
  });

  it('answers a PDF with 415 pointing at process_document', async () => {
    const { account, res } = await links({ url: site.url('/p/text-report.pdf') }, 10);
    expectFetchRefused(res, 'binary');
    expect(await account.balance()).toBe(10);
  });
});

describe('extract_links definition', () => {
  it('prices 1, with a hold ceiling of 6 under escalate for a url only', () => {
    expectUrlEscalationPricing(extractLinksTool);
  });

  it('applies the defaults of the reference', () => {
    expect(extractLinksTool.schema.parse({ url: 'https://example.com/' })).toEqual({
      url: 'https://example.com/',
      include_internal: true,
      include_external: true,
      filter_external: false,
      include_anchors: false,
      deduplicate: true,
      include_metadata: true,
      escalate: false,
      escalate_engine: 'engine_a',
      respect_robots: true,
      max_inline_chars: 40000,
    });
  });

  it('describes itself on GET without a key', async () => {
    const res = await harness.call('GET', '/api/v1/tools/extract_links');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'extract_links', credits: 1 });
    expect(Object.keys(res.body.data.request_schema.properties)).toContain('filter_domains');
  });
});
