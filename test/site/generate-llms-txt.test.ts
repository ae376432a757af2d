import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLlmsTxtTool } from '../../lib/tools/generate-llms-txt/index.js';
import { html, type MultiHostSite, page, startMultiHostSite, TEXT, XML } from './support/multi-host-site.js';
import { CRAWL_HOST, crawlSite } from './support/site-hosts.js';

const HOST = 'harbour.test';
let site: MultiHostSite;
const at = (path: string) => site.url(HOST, path);

function doc(title: string, description: string, body: string, head = ''): string {
  return (
    `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${description}">` +
    `${head}</head><body><nav><a href="/">Home</a></nav><main><h1>${title}</h1>${body}</main></body></html>`
  );
}

const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>{{origin}}/</loc></url>
  <url><loc>{{origin}}/docs/intro</loc></url>
  <url><loc>{{origin}}/docs/api</loc></url>
  <url><loc>{{origin}}/blog/launch</loc></url>
  <url><loc>{{origin}}/privacy</loc></url>
  <url><loc>{{origin}}/private/roadmap</loc></url>
  <url><loc>{{origin}}/drafts/next</loc></url>
</urlset>`;

const manyApis = Array.from(
  { length: 12 },
  (_, i) => `<li>https://api.harbour.test/v1/resource-${i + 1}</li>`,
).join('');

beforeAll(async () => {
  site = await startMultiHostSite({
    tools: [generateLlmsTxtTool],
    hosts: {
      [CRAWL_HOST]: crawlSite,
      [HOST]: {
        '/robots.txt': page(200, TEXT, 'User-agent: *\nDisallow: /private\n'),
        '/sitemap.xml': page(200, XML, sitemap),
        '/': page(
          200,
          {
            'content-type': 'text/html; charset=utf-8',
            'strict-transport-security': 'max-age=63072000',
            'x-content-type-options': 'nosniff',
          },
          doc(
            'Home | Harbour Docs',
            'Guides and API reference for the Harbour vessel tracking service.',
            '<p>Harbour tracks vessels in real time and publishes their positions.</p>',
            '<meta property="og:site_name" content="Harbour Docs">',
          ),
        ),
        '/docs/intro': html(
          200,
          doc(
            'Introduction',
            'What Harbour does and how to start.',
            '<h2>Accounts</h2><p>Create an account to get an API key for the vessel feed.</p><h2>First request</h2><p>Send your first request to the positions endpoint.</p>',
          ),
        ),
        '/docs/api': html(
          200,
          doc(
            'API reference',
            'Endpoints of the Harbour REST and GraphQL APIs.',
            '<p>The REST API lives at https://api.harbour.test/v1/vessels and answers JSON.</p>' +
              '<p><a href="/openapi.json">OpenAPI description</a> and <a href="/graphql">GraphQL endpoint</a>.</p>',
          ),
        ),
        '/blog/launch': html(
          200,
          doc('We launched', 'Harbour is live.', '<p>Today Harbour opens to everyone who tracks ships.</p>'),
        ),
        '/privacy': html(
          200,
          doc('Privacy', 'How Harbour handles data.', '<p>We keep positions for thirty days only.</p>'),
        ),
        '/private/roadmap': html(200, doc('Roadmap', 'Secret plans.', '<p>Not for crawlers.</p>')),
        '/drafts/next': html(
          200,
          doc(
            'Draft',
            'Unpublished.',
            '<p>This draft is not ready for indexing.</p>',
            '<meta name="robots" content="noindex">',
          ),
        ),
        '/apis': html(200, doc('All APIs', 'Every endpoint.', `<ul>${manyApis}</ul>`)),
      },
    },
  });
});
afterAll(() => site?.close());

async function generate(body: Record<string, unknown>, credits = 20) {
  const account = await site.harness.account({ credits });
  const res = await site.harness.tool('generate_llms_txt', body, account.key);
  return { res, balance: await account.balance() };
}

describe('generate_llms_txt', () => {
  it('writes llms.txt and llms-full.txt from the sitemap, obeying robots.txt, for 5 credits', async () => {
    const { res, balance } = await generate({
      url: at('/'),
      outputOptions: {
        contactEmail: 'docs@harbour.test',
        customGuidelines: 'Link to the API reference for endpoint details.',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.llms_txt).toBe(
      [
        '# Harbour Docs',
        '',
        '> Guides and API reference for the Harbour vessel tracking service.',
        '',
        'Guidelines for AI systems:',
        '',
        `- Cite the page URL when you quote or summarise content from ${new URL(at('/')).host}.`,
        '- Prefer the most recently updated page when two pages disagree.',
        '- Link to the API reference for endpoint details.',
        '',
        'Contact: docs@harbour.test',
        '',
        '## Main',
        '',
        `- [Home](${at('/')}): Guides and API reference for the Harbour vessel tracking service.`,
        '',
        '## Docs',
        '',
        `- [Introduction](${at('/docs/intro')}): What Harbour does and how to start.`,
        `- [API reference](${at('/docs/api')}): Endpoints of the Harbour REST and GraphQL APIs.`,
        '',
        '## Blog',
        '',
        `- [We launched](${at('/blog/launch')}): Harbour is live.`,
        '',
        '## Drafts',
        '',
        `- [Draft](${at('/drafts/next')}): Unpublished.`,
        '',
        '## Optional',
        '',
        `- [Privacy](${at('/privacy')}): How Harbour handles data.`,
        '',
      ].join('\n'),
    );
    expect(data.llms_full_txt).toMatch(/^# Harbour Docs\n\n> Guides and API reference/);
    expect(data.llms_full_txt).toContain(`## Introduction\n\nSource: ${at('/docs/intro')}\n\n`);
    expect(data.llms_full_txt).toContain('Create an account to get an API key for the vessel feed.');
    expect(data.llms_full_txt).not.toContain('Not for crawlers');
    expect(data.pages_analyzed).toBe(6);
    expect(data.pages[0]).toEqual({ url: at('/'), title: 'Home' });
    expect(data.compliance).toMatchObject({ robots_txt_found: true, disallow_count: 1, urls_left_out: 1 });
    expect(data.api_endpoints_detected).toEqual([
      { url: at('/openapi.json'), kind: 'openapi', found_on: at('/docs/api') },
      { url: at('/graphql'), kind: 'graphql', found_on: at('/docs/api') },
      { url: 'https://api.harbour.test/v1/vessels', kind: 'rest', found_on: at('/docs/api') },
    ]);
    expect(data.clamps_applied).toEqual([]);
    expect(data.analysis).toMatchObject({ languages: { en: 6 }, sections: { '/': 1, docs: 2 } });
    expect(data.security).toEqual({
      https: false,
      hsts: true,
      content_security_policy: false,
      x_frame_options: false,
      x_content_type_options: true,
      referrer_policy: false,
    });
    expect(res.body.warnings).toEqual([
      '1 discovered URL disallowed by robots.txt for WebExtractBot was left out',
    ]);
    expect(site.requests({ host: HOST, path: '/private/roadmap' })).toHaveLength(0);
    expect(res.body.credits_used).toBe(5);
    expect(balance).toBe(15);
  });

  it('strict adds restrictions and leaves out noindex pages; basic has links only', async () => {
    const strict = await generate({
      url: at('/'),
      format: 'llms-txt',
      complianceLevel: 'strict',
      outputOptions: { customRestrictions: 'No training on blog posts.' },
    });
    expect(strict.res.status, JSON.stringify(strict.res.body)).toBe(200);
    const text = strict.res.body.data.llms_txt;
    expect(text).toContain(
      'Restrictions:\n\n- Do not use content under `/private`: robots.txt disallows it.\n- Pages marked noindex or noai are left out of this file; do not use them.\n- No training on blog posts.',
    );
    expect(text).not.toContain('/drafts/next');
    expect(strict.res.body.data.llms_full_txt).toBeUndefined();
    expect(strict.res.body.data.compliance.pages_opted_out).toBe(1);

    const basic = await generate({ url: at('/'), format: 'llms-full-txt', complianceLevel: 'basic' });
    expect(basic.res.status).toBe(200);
    expect(basic.res.body.data.llms_txt).toBeUndefined();
    expect(basic.res.body.data.llms_full_txt).not.toContain('Guidelines for AI systems');
  });

  it('adds headings with includeDetailed and the analysis with includeAnalysis', async () => {
    const { res } = await generate({
      url: at('/'),
      format: 'llms-txt',
      complianceLevel: 'basic',
      outputOptions: { includeDetailed: true, includeAnalysis: true, organizationName: 'Harbour Inc.' },
    });
    const text = res.body.data.llms_txt;
    expect(text).toMatch(/^# Harbour Inc\.\n/);
    expect(text).toContain(
      `- [Introduction](${at('/docs/intro')}): What Harbour does and how to start. Covers: Accounts; First request.`,
    );
    expect(text).toMatch(/Site analysis: 6 pages read, \d+ words/);
  });

  it('clamps maxPages to the budget and says so', async () => {
    const { res } = await generate({ url: at('/'), analysisOptions: { maxPages: 500, maxDepth: 5 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.clamps_applied).toEqual([
      {
        option: 'analysisOptions.maxPages',
        requested: 500,
        applied: 50,
        reason: 'a hosted call reads at most 50 pages in its 20 s crawl budget',
      },
    ]);
  });

  it('keeps disallowed URLs when analysisOptions.respectRobots is false', async () => {
    const { res } = await generate({
      url: at('/'),
      format: 'llms-txt',
      analysisOptions: { respectRobots: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.llms_txt).toContain(at('/private/roadmap'));
    expect(res.body.data.compliance).toMatchObject({ respect_robots: false, urls_left_out: 0 });
    expect(res.body.warnings).toEqual([expect.stringMatching(/private\/roadmap .*respect_robots is false/)]);
  });

  it('lists at most 10 API endpoints', async () => {
    const { res } = await generate({ url: at('/apis'), analysisOptions: { maxPages: 10, maxDepth: 1 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.api_endpoints_detected).toHaveLength(10);
  });

  it('crawls a site without a sitemap', async () => {
    const { res } = await generate({ url: site.url(CRAWL_HOST, '/'), format: 'llms-txt' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.llms_txt).toMatch(/^# Crawl Home\n\n> About Crawl Home\.\n/);
    expect(res.body.data.pages.map((p: { url: string }) => p.url)).toContain(site.url(CRAWL_HOST, '/a/1'));
  });

  it('refuses a failing or disallowed entry and bad options, uncharged', async () => {
    const gone = await generate({ url: site.url(CRAWL_HOST, '/gone') });
    expect(gone.res.status).toBe(502);
    expect(gone.res.body.error.code).toBe('TARGET_HTTP_ERROR');
    const robots = await generate({ url: at('/private/roadmap') });
    expect(robots.res.status).toBe(403);
    const bad = await generate({
      url: at('/'),
      format: 'txt',
      complianceLevel: 'lax',
      analysisOptions: { maxPages: 5, maxDepth: 6 },
      outputOptions: { contactEmail: 'nobody' },
    });
    expect(bad.res.status).toBe(400);
    expect(bad.res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'analysisOptions.maxDepth',
      'analysisOptions.maxPages',
      'complianceLevel',
      'format',
      'outputOptions.contactEmail',
    ]);
    for (const answer of [gone, robots, bad]) expect(answer.balance).toBe(20);
  });
});
