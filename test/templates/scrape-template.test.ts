import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setHostResolverForTests } from '../../lib/fetch/guarded-agent.js';
import { templates } from '../../lib/tools/scrape-template/catalog.js';
import { scrapeTemplateTool } from '../../lib/tools/scrape-template/index.js';
import { templateForUrl } from '../../lib/tools/scrape-template/select.js';
import { type Harness, startHarness } from '../support/harness.js';
import { PLATFORM_ROUTES } from './platform-routes.js';
import { type PlatformServer, startPlatformServer } from './platform-server.js';

let server: PlatformServer;
let harness: Harness;

beforeAll(async () => {
  server = await startPlatformServer(PLATFORM_ROUTES);
  harness = await startHarness({ tools: [scrapeTemplateTool], env: server.env });
});
afterAll(async () => {
  await harness?.close();
  await server?.close();
});
afterEach(() => setHostResolverForTests(null));

const call = (body: Record<string, unknown>, key: string) => harness.tool('scrape_template', body, key);

/** One call per template against its platform's saved answer, and what its data must show. */
const CASES: Record<string, { body: Record<string, unknown>; expect: Record<string, unknown> }> = {
  'marketplace-product': {
    body: { url: 'https://www.amazon.com/dp/B0C8PRGQ9M' },
    expect: { asin: 'B0C8PRGQ9M', ratings_count: 28417 },
  },
  'storefront-product': {
    body: { url: 'https://shop.trailgear.test/products/trail-runner-4' },
    expect: { source: 'json-ld', title: 'Trail Runner 4' },
  },
  'storefront-collection': {
    body: { params: { store: 'shop.trailgear.test', collection: 'shoes' } },
    expect: { count: 2 },
  },
  'code-host-repo': {
    body: { url: 'https://github.com/acme-robotics/fleetctl' },
    expect: { full_name: 'acme-robotics/fleetctl', stars: 4821 },
  },
  'video-site-video': {
    body: { url: 'https://www.youtube.com/watch?v=dQ4sZ9kLm2Q' },
    expect: { video_id: 'dQ4sZ9kLm2Q', likes: 48213 },
  },
  'forum-thread': {
    body: {
      url: 'https://www.reddit.com/r/Sourdough/comments/1f3k9qz/my_starter_doubled_in_4_hours_what_changed/',
    },
    expect: { comment_count: 3, comments_collapsed: 17 },
  },
  'news-aggregator-front-page': { body: { url: 'https://news.ycombinator.com/' }, expect: { count: 4 } },
  'launch-site-launch': {
    body: { url: 'https://www.producthunt.com/posts/fleetctl' },
    expect: { name: 'Fleetctl', votes: 612 },
  },
  'qa-site-question': {
    body: {
      url: 'https://stackoverflow.com/questions/78912345/why-does-my-goroutine-leak-when-the-context-is-cancelled',
    },
    expect: { id: '78912345', accepted_answer_id: '78912399' },
  },
  'package-registry-package': {
    body: { url: 'https://www.npmjs.com/package/fleetctl' },
    expect: { name: 'fleetctl', weekly_downloads: 48213 },
  },
  'encyclopedia-article': {
    body: { url: 'https://en.wikipedia.org/wiki/Sourdough' },
    expect: { title: 'Sourdough' },
  },
  'app-store-app': {
    body: { url: 'https://apps.apple.com/us/app/fleetctl-robot-fleet-control/id6449876543' },
    expect: { rating_count: 1284 },
  },
  'jobs-board-1': { body: { params: { company: 'acme' } }, expect: { count: 2 } },
  'jobs-board-2': { body: { params: { company: 'acme' } }, expect: { count: 2 } },
  'jobs-board-3': { body: { params: { company: 'acme' } }, expect: { count: 2 } },
  'jobs-board-4': { body: { params: { company: 'acme' } }, expect: { count: 2 } },
  'jobs-board-5': { body: { params: { company: 'acme' } }, expect: { count: 2 } },
  'jobs-board-6': { body: { params: { company: 'Acme' } }, expect: { count: 2, total_available: 5 } },
  'vehicle-vin-decode': {
    body: { params: { vin: '1HGCV1F34LA012345' } },
    expect: { make: 'HONDA', model_year: 2020 },
  },
  'provider-registry': { body: { params: { number: '1234567893' } }, expect: { count: 1 } },
};

describe('scrape_template: every template over HTTP', () => {
  it('has a case for each of the twenty templates', () => {
    expect(templates).toHaveLength(20);
    expect(Object.keys(CASES).sort()).toEqual(templates.map((template) => template.id).sort());
  });

  it.each(Object.entries(CASES))(
    '%s: 1 credit, the envelope of docs/reference/templates.md#scrape_template around its record or list',
    async (id, { body, expect: shows }) => {
      const account = await harness.account({ credits: 10 });
      const res = await call({ template: id, ...body }, account.key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ success: true, credits_used: 1, credits_remaining: 9 });
      const data = res.body.data;
      expect(data).toMatchObject({
        template: id,
        template_name: expect.any(String),
        params: expect.any(Object),
      });
      expect(Date.parse(data.extracted_at)).not.toBeNaN();
      expect(data.data).toMatchObject(shows);
      expect(data).not.toHaveProperty('auto');
      const template = templates.find((candidate) => candidate.id === id)!;
      if (template.mode === 'list') expect(data.data.items).toHaveLength(data.data.count);
      if (body.url === undefined) expect(data.fetched_url).toMatch(/^https:\/\//);
      if (template.kind === 'params')
        expect(data.params).toMatchObject(body.params as Record<string, unknown>);
      expect(await account.balance()).toBe(9);
    },
  );

  it('leaves fetched_url out when the page read is the one named, and reports it when it differs', async () => {
    const account = await harness.account({ credits: 10 });
    const same = await call(
      { template: 'news-aggregator-front-page', url: 'https://news.ycombinator.com/' },
      account.key,
    );
    expect(same.body.data).not.toHaveProperty('fetched_url');
    const other = await call(
      { template: 'package-registry-package', url: 'https://www.npmjs.com/package/fleetctl' },
      account.key,
    );
    expect(other.body.data.fetched_url).toBe('https://registry.npmjs.org/fleetctl');
  });

  it('puts the storefront JSON-LD warning in the envelope', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await call(
      { template: 'storefront-product', url: 'https://shop.trailgear.test/products/trail-runner-4' },
      account.key,
    );
    expect(res.body.warnings).toEqual([expect.stringContaining('compare-at')]);
    expect(res.body.data.data.variants[0]).toMatchObject({
      inventory_quantity: null,
      compare_at_price: null,
    });
  });
});

describe('scrape_template: auto', () => {
  const PAGE_URLS: Record<string, string> = Object.fromEntries(
    Object.entries(CASES)
      .filter(([, { body }]) => body.url !== undefined)
      .map(([id, { body }]) => [id, body.url as string]),
  );
  PAGE_URLS['storefront-collection'] = 'https://shop.trailgear.test/collections/shoes';

  it.each(Object.entries(PAGE_URLS))('picks %s from its URL and reports it', async (id, url) => {
    const account = await harness.account({ credits: 10 });
    const res = await call({ template: 'auto', url }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ template: id, auto: true });
    expect(res.body.credits_used).toBe(1);
  });

  it('resolves a board URL to its connector and company', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await call({ template: 'auto', url: 'https://boards.greenhouse.io/acme' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      template: 'jobs-board-1',
      params: { company: 'acme', content: false },
    });
  });

  it('picks each template for every example URL it lists', () => {
    const picked = templates.flatMap((template) =>
      template.examples.map((example) => [
        example,
        templateForUrl(new URL(example))?.id ?? null,
        template.id,
      ]),
    );
    for (const [example, id, expected] of picked) expect(id, example as string).toBe(expected);
  });
});

describe('scrape_template: list', () => {
  it('returns all twenty with their mode, and params for the connectors', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await call({ template: 'list' }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(1);
    const listed = res.body.data.templates as Record<string, unknown>[];
    expect(res.body.data.count).toBe(20);
    expect(listed.map((template) => template.id)).toEqual(templates.map((template) => template.id));
    for (const template of listed) expect(['list', 'entity']).toContain(template.mode);
    const byId = Object.fromEntries(listed.map((template) => [template.id, template]));
    expect(byId['news-aggregator-front-page']).toMatchObject({ mode: 'list' });
    expect(byId['marketplace-product']).toMatchObject({ mode: 'entity', input: 'url' });
    expect(byId['marketplace-product']).not.toHaveProperty('params');
    expect(byId['jobs-board-1'].params).toEqual([
      { name: 'company', required: true, description: expect.stringContaining('board') },
      { name: 'content', required: false, description: expect.any(String) },
    ]);
    expect(byId['jobs-board-6'].params).toEqual([
      expect.objectContaining({ name: 'company', required: true }),
      expect.objectContaining({ name: 'per_page', required: false }),
      expect.objectContaining({ name: 'offset', required: false }),
    ]);
    expect(byId['storefront-collection'].params).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'store', required: true }),
        expect.objectContaining({ name: 'collection', required: true }),
      ]),
    );
    expect(byId['vehicle-vin-decode'].params).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'vin', required: true })]),
    );
  });
});

describe('scrape_template: refusals, all uncharged', () => {
  async function refused(body: Record<string, unknown>, status: number, code: string) {
    const account = await harness.account({ credits: 10 });
    const res = await call(body, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await account.balance()).toBe(10);
    return res.body.error;
  }

  it('400 INVALID_TEMPLATE_PARAMS names the missing parameter of a connector', async () => {
    const error = await refused({ template: 'jobs-board-1' }, 400, 'INVALID_TEMPLATE_PARAMS');
    expect(error.message).toContain('company');
    expect(error.details).toEqual([{ field: 'params.company', message: 'company is required' }]);
    const vin = await refused({ template: 'vehicle-vin-decode', params: {} }, 400, 'INVALID_TEMPLATE_PARAMS');
    expect(vin.details).toEqual([{ field: 'params.vin', message: 'vin is required' }]);
  });

  it('400 INVALID_TEMPLATE_PARAMS names a bad parameter, and a URL a connector cannot read', async () => {
    const error = await refused(
      { template: 'jobs-board-6', params: { company: 'Acme', per_page: 101 } },
      400,
      'INVALID_TEMPLATE_PARAMS',
    );
    expect(error.details).toEqual([expect.objectContaining({ field: 'params.per_page' })]);
    const url = await refused(
      { template: 'jobs-board-2', url: 'https://example.com/careers' },
      400,
      'INVALID_TEMPLATE_PARAMS',
    );
    expect(url.details).toEqual([expect.objectContaining({ field: 'url' })]);
  });

  it('400 MISSING_URL: params sent to a page template, a page template without url, auto without url', async () => {
    const params = await refused(
      { template: 'code-host-repo', params: { owner: 'acme' } },
      400,
      'MISSING_URL',
    );
    expect(params.message).toContain('page template');
    await refused({ template: 'marketplace-product' }, 400, 'MISSING_URL');
    await refused({ template: 'auto', params: { company: 'acme' } }, 400, 'MISSING_URL');
  });

  it('400 NO_TEMPLATE_MATCH: auto on a site no template knows', async () => {
    await refused({ template: 'auto', url: 'https://example.com/some/page' }, 400, 'NO_TEMPLATE_MATCH');
  });

  it('400 NO_TEMPLATE_MATCH: auto guessed a shop from the path alone and found none there', async () => {
    const url = 'https://shop.trailgear.test/products/no-such-handle';
    const error = await refused({ template: 'auto', url }, 400, 'NO_TEMPLATE_MATCH');
    expect(error.message).toContain('storefront-product');
    // Named explicitly, the template reports what the site answered.
    await refused({ template: 'storefront-product', url }, 404, 'UPSTREAM_HTTP');
  });

  it('400 VALIDATION_ERROR: an unknown template name, a timeout out of bounds', async () => {
    const unknown = await refused(
      { template: 'marketplace-review', url: 'https://example.com/' },
      400,
      'VALIDATION_ERROR',
    );
    expect(unknown.details).toEqual([expect.objectContaining({ field: 'template' })]);
    await refused({ template: 'list', timeout: 4999 }, 400, 'VALIDATION_ERROR');
    await refused({ template: 'list', timeout: 60001 }, 400, 'VALIDATION_ERROR');
  });

  it('403 robots: a page robots.txt disallows is not fetched', async () => {
    const before = server.requestsTo('www.amazon.com', '/private/dp/B0C8PRGQ9M').length;
    await refused(
      { template: 'marketplace-product', url: 'https://www.amazon.com/private/dp/B0C8PRGQ9M' },
      403,
      'ROBOTS_DISALLOWED',
    );
    expect(server.requestsTo('www.amazon.com', '/private/dp/B0C8PRGQ9M')).toHaveLength(before);
  });

  it('403: a company subdomain that resolves to a private address is refused before connecting', async () => {
    setHostResolverForTests(async () => [{ address: '10.20.30.40', family: 4 }]);
    const before = server.requests.length;
    await refused({ template: 'jobs-board-5', params: { company: 'intranet' } }, 403, 'SSRF_BLOCKED');
    expect(server.requests.length).toBe(before);
  });

  it('403: a store that resolves to a private address is refused as such, not as a robots refusal', async () => {
    setHostResolverForTests(async () => [{ address: '172.16.0.9', family: 4 }]);
    await refused(
      { template: 'storefront-collection', params: { store: 'shop.internal-corp.net', collection: 'all' } },
      403,
      'SSRF_BLOCKED',
    );
    await refused(
      { template: 'storefront-collection', params: { store: '10.0.0.10', collection: 'all' } },
      403,
      'SSRF_BLOCKED',
    );
  });

  it('a bot wall is BLOCKED with what was seen', async () => {
    const error = await refused(
      { template: 'marketplace-product', url: 'https://www.amazon.com/dp/B0CHX3QBCH' },
      502,
      'BLOCKED',
    );
    expect(error.blocked).toMatchObject({ vendor: 'amazon' });
  });

  it('an unknown board is the platform’s 404', async () => {
    await refused({ template: 'jobs-board-3', params: { company: 'nobody' } }, 404, 'UPSTREAM_HTTP');
  });
});
