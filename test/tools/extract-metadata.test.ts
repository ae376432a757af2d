import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractMetadataTool } from '../../lib/tools/extract-metadata/index.js';
import { expectFetchRefused, expectRobotsOverridden } from '../support/fetch-expectations.js';
import type { Harness } from '../support/harness.js';
import { HTML_UTF8, readFixture, respond, startToolSite, type ToolSite } from '../support/tool-site.js';
import { expectEveryFieldDocumented } from './content-tool-support.js';

let harness: Harness;
let site: ToolSite;

const article = readFixture('pages/extract-metadata-article.html');
const at = (path: string) => site.url(path);
const call = (body: Record<string, unknown>, key: string) => harness.tool('extract_metadata', body, key);

beforeAll(async () => {
  site = await startToolSite({
    host: 'meta.test',
    tools: [extractMetadataTool],
    routes: {
      '/news/tidal': respond(200, HTML_UTF8, article),
      '/private/tidal': respond(200, HTML_UTF8, article),
      '/old-link': respond(301, { location: '/news/tidal' }),
      '/api/status.json': respond(
        200,
        { 'content-type': 'application/json' },
        '{"status": "all systems normal"}',
      ),
    },
  });
  harness = site.harness;
});
afterAll(() => site?.close());

describe('extract_metadata', () => {
  it('returns provenance and every metadata field of a page, charging 1', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: at('/old-link') }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: 1, credits_remaining: 99 });
    expect(res.body.data).toEqual({
      url: at('/old-link'),
      final_url: at('/news/tidal'),
      status_code: 200,
      content_type: 'text/html',
      title: 'Tidal power scheme approved',
      description: 'The council backs a tidal lagoon off the north shore.',
      canonical_url: at('/news/tidal-power-scheme'),
      language: 'en-GB',
      author: 'Mara Lindqvist',
      published_time: '2024-05-02T09:00:00+01:00',
      modified_time: '2024-05-03T14:20:00+01:00',
      site_name: 'Coastline Gazette',
      favicon: at('/static/icon-32.png'),
      image: at('/media/lagoon.jpg'),
      keywords: ['energy', 'tidal power', 'council'],
      robots: 'index, follow',
      open_graph: {
        'og:title': 'Tidal power scheme approved',
        'og:type': 'article',
        'og:site_name': 'Coastline Gazette',
        'og:image': '/media/lagoon.jpg',
        'article:published_time': '2024-05-02T09:00:00+01:00',
        'article:modified_time': '2024-05-03T14:20:00+01:00',
        'article:tag': ['energy', 'council'],
      },
      twitter: { 'twitter:card': 'summary_large_image', 'twitter:site': '@coastline' },
      json_ld: [
        {
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: 'Tidal power scheme approved',
          author: { '@type': 'Person', name: 'Mara Lindqvist' },
          datePublished: '2024-05-02T09:00:00+01:00',
        },
      ],
      // "Tidal power scheme approved" and the 11 words of the paragraph; <title> is not visible text.
      word_count: 15,
    });
    expect(await account.balance()).toBe(99);
  });

  it('reads html without fetching; provenance is null and relative URLs stay unresolved', async () => {
    const account = await harness.account({ credits: 100 });
    const before = site.requests();
    const res = await call({ html: article }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      url: null,
      final_url: null,
      status_code: null,
      content_type: null,
      title: 'Tidal power scheme approved',
      canonical_url: null,
      favicon: null,
      word_count: 15,
    });
    expect(res.body).not.toHaveProperty('warnings');
    expect(site.requests()).toBe(before);
  });

  it('resolves html against url when both are sent, fetching nothing', async () => {
    const account = await harness.account({ credits: 100 });
    const before = site.requests();
    const res = await call({ html: article, url: 'https://gazette.example/news/x' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      url: 'https://gazette.example/news/x',
      final_url: null,
      canonical_url: 'https://gazette.example/news/tidal-power-scheme',
      image: 'https://gazette.example/media/lagoon.jpg',
    });
    expect(res.body.warnings).toEqual([
      'html was read; url was not fetched, only used to resolve relative URLs',
    ]);
    expect(site.requests()).toBe(before);
  });

  it('finds no metadata in a JSON body, and says what it was', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: at('/api/status.json') }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.warnings).toEqual(['Response is JSON; returned as text']);
    expect(res.body.data).toMatchObject({
      content_type: 'application/json',
      title: null,
      favicon: null,
      keywords: [],
      open_graph: {},
      twitter: {},
      json_ld: [],
      word_count: 4,
    });
  });

  it('fetches a disallowed page with respect_robots: false and says so', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: at('/private/tidal'), respect_robots: false }, account.key);
    expectRobotsOverridden(res);
  });
});

describe('extract_metadata errors, all uncharged', () => {
  it('answers 403 for robots, 404 UPSTREAM_HTTP, 504 FETCH_TIMEOUT', async () => {
    const account = await harness.account({ credits: 10 });
    expectFetchRefused(await call({ url: at('/private/tidal') }, account.key), 'robots');
    expectFetchRefused(await call({ url: at('/missing') }, account.key), 'missing');
    expectFetchRefused(await call({ url: at('/slow'), timeout: 1000 }, account.key), 'timeout');
    expect(await account.balance()).toBe(10);
  });

  it('requires url or html and bounds timeout', async () => {
    const account = await harness.account({ credits: 10 });
    const neither = await call({}, account.key);
    expect(neither.status).toBe(400);
    expect(neither.body.error.details).toEqual([{ field: 'url', message: 'one of url or html is required' }]);
    for (const timeout of [999, 30001]) {
      const res = await call({ url: at('/news/tidal'), timeout }, account.key);
      expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toEqual(['timeout']);
    }
    expect(await account.balance()).toBe(10);
  });
});

describe('extract_metadata definition', () => {
  it('prices 1 with a 15 s default timeout', () => {
    expect(extractMetadataTool.price).toBe(1);
    expect(extractMetadataTool.schema.parse({ url: 'https://example.com/' })).toEqual({
      url: 'https://example.com/',
      timeout: 15000,
      respect_robots: true,
    });
    expect(extractMetadataTool.schema.safeParse(extractMetadataTool.example).success).toBe(true);
  });

  it('documents every field with a description and an example', () => {
    expectEveryFieldDocumented(extractMetadataTool.schema);
  });
});
