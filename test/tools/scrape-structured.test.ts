import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeStructuredTool } from '../../lib/tools/scrape-structured/index.js';
import { expectFetchRefused, expectRobotsOverridden } from '../support/fetch-expectations.js';
import type { Harness } from '../support/harness.js';
import {
  after,
  HTML,
  HTML_UTF8,
  readFixture,
  respond,
  startToolSite,
  type ToolSite,
} from '../support/tool-site.js';
import { expectEveryFieldDocumented } from './content-tool-support.js';

let harness: Harness;
let site: ToolSite;

const catalog = readFixture('pages/scrape-structured-catalog.html');
const at = (path: string) => site.url(path);
const call = (body: Record<string, unknown>, key: string) => harness.tool('scrape_structured', body, key);

const CARD_FIELDS = { name: '.card .name', price: '.card .price', image: '.card img' };

beforeAll(async () => {
  site = await startToolSite({
    host: 'structured.test',
    tools: [scrapeStructuredTool],
    routes: {
      '/catalog': respond(200, HTML_UTF8, catalog),
      '/private/catalog': respond(200, HTML_UTF8, catalog),
      // Past the tool's fixed 15 s fetch budget, not just a 1 s `timeout`.
      '/slow': after(16_000, respond(200, HTML, '<p>late</p>')),
    },
  });
  harness = site.harness;
});
afterAll(() => site?.close());

describe('scrape_structured, one record', () => {
  it('maps each field to the text of its first match, null for no match, charging 2', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call(
      { url: at('/catalog'), selectors: { title: 'h1', lead: '.lead', price: '.price', rating: '.stars' } },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: 2, credits_remaining: 98 });
    expect(res.body.data).toEqual({
      title: 'Running shoes',
      lead: 'Three models in stock.',
      price: '$129',
      rating: null,
    });
    expect(await account.balance()).toBe(98);
  });

  it('keeps the text as written with clean_text: false', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call(
      { url: at('/catalog'), selectors: { title: 'h1' }, clean_text: false },
      account.key,
    );
    expect(res.body.data).toEqual({ title: '  Running\n     shoes  ' });
  });

  it('reads include_attributes, URLs absolute against <base href> unless base_url overrides it', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call(
      {
        url: at('/catalog'),
        selectors: { link: '.card a', lead: '.lead' },
        include_attributes: ['href', 'title'],
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      link: {
        text: 'Trail Runner 4',
        attributes: { href: 'https://cdn-shop.example.com/products/trail-runner-4', title: 'Trail Runner 4' },
      },
      lead: { text: 'Three models in stock.', attributes: { href: null, title: null } },
    });

    const based = await call(
      {
        url: at('/catalog'),
        selectors: { image: 'img' },
        include_attributes: ['src'],
        base_url: 'https://images.example.org/shoes/',
      },
      account.key,
    );
    expect(based.body.data.image.attributes.src).toBe('https://images.example.org/shoes/img/tr4.jpg');
  });
});

describe('scrape_structured, multiple', () => {
  it('returns {items, count, total_found}, each field read inside its item', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call(
      { url: at('/catalog'), selectors: CARD_FIELDS, multiple: true, include_attributes: ['src'] },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const noSrc = { src: null };
    expect(res.body.data).toEqual({
      items: [
        {
          name: { text: 'Trail Runner 4', attributes: noSrc },
          price: { text: '$129', attributes: noSrc },
          image: { text: '', attributes: { src: 'https://cdn-shop.example.com/catalog/img/tr4.jpg' } },
        },
        {
          name: { text: 'Road Glide', attributes: noSrc },
          price: { text: '$99', attributes: noSrc },
          image: { text: null, attributes: noSrc },
        },
        {
          name: { text: 'Track Spike', attributes: noSrc },
          price: { text: '$149', attributes: noSrc },
          image: { text: '', attributes: { src: 'https://cdn-shop.example.com/catalog/img/spike.jpg' } },
        },
      ],
      count: 3,
      total_found: 3,
    });
    expect(res.body.credits_used).toBe(2);
  });

  it('stops at max_items and pairs wrapper-less fields by position', async () => {
    const account = await harness.account({ credits: 100 });
    const capped = await call(
      { url: at('/catalog'), selectors: CARD_FIELDS, multiple: true, max_items: 2 },
      account.key,
    );
    expect(capped.body.data.count).toBe(2);
    expect(capped.body.data.total_found).toBe(3);
    expect(capped.body.data.items.map((item: { name: string }) => item.name)).toEqual([
      'Trail Runner 4',
      'Road Glide',
    ]);

    const specs = await call(
      { url: at('/catalog'), selectors: { label: 'dt', value: 'dd' }, multiple: true },
      account.key,
    );
    expect(specs.body.data.items).toEqual([
      { label: 'Weight', value: '280 g' },
      { label: 'Drop', value: '8 mm' },
    ]);
  });
});

describe('scrape_structured with html', () => {
  const html = '<div class="card"><a href="/p/1">One</a></div><div class="card"><a href="/p/2">Two</a></div>';

  it('reads html without fetching; relative URLs stay relative without base_url', async () => {
    const account = await harness.account({ credits: 100 });
    const before = site.requests();
    const res = await call(
      { html, selectors: { link: '.card a' }, multiple: true, include_attributes: ['href'] },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.data.items.map(
        (item: { link: { attributes: { href: string } } }) => item.link.attributes.href,
      ),
    ).toEqual(['/p/1', '/p/2']);
    const based = await call(
      { html, selectors: { link: 'a' }, include_attributes: ['href'], base_url: 'https://example.com/shop/' },
      account.key,
    );
    expect(based.body.data.link.attributes.href).toBe('https://example.com/p/1');
    expect(site.requests()).toBe(before);
    expect(res.body.credits_used).toBe(2);
  });

  it('reads html when url comes too, using url only to resolve, and says so', async () => {
    const account = await harness.account({ credits: 100 });
    const before = site.requests();
    const res = await call(
      { html, url: at('/private/catalog'), selectors: { link: 'a' }, include_attributes: ['href'] },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.link.attributes.href).toBe(at('/p/1'));
    expect(res.body.warnings).toEqual([
      'html was read; url was not fetched, only used to resolve relative URLs',
    ]);
    expect(site.requests()).toBe(before);
  });
});

describe('scrape_structured errors, all uncharged', () => {
  it('refuses an invalid selector with 400 naming the field, before fetching', async () => {
    const account = await harness.account({ credits: 10 });
    const before = site.requests();
    const res = await call({ url: at('/catalog'), selectors: { title: 'h1', price: 'div[[' } }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([
      { field: 'selectors.price', message: 'Invalid CSS selector: div[[' },
    ]);
    expect(site.requests()).toBe(before);
    expect(await account.balance()).toBe(10);
  });

  it('requires url or html and at least one selector, and bounds max_items', async () => {
    const account = await harness.account({ credits: 10 });
    const neither = await call({ selectors: { a: 'a' } }, account.key);
    expect(neither.status).toBe(400);
    expect(neither.body.error.details).toEqual([{ field: 'url', message: 'one of url or html is required' }]);

    const empty = await call({ html: '<p>x</p>', selectors: {} }, account.key);
    expect(empty.body.error.details).toEqual([
      { field: 'selectors', message: 'selectors needs at least one field' },
    ]);

    const missing = await call({ html: '<p>x</p>' }, account.key);
    expect(missing.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([
      'selectors',
    ]);

    for (const max_items of [0, 1001, 2.5]) {
      const res = await call({ html: '<p>x</p>', selectors: { p: 'p' }, max_items }, account.key);
      expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toEqual(['max_items']);
    }
    const attributes = await call(
      { html: '<p>x</p>', selectors: { p: 'p' }, include_attributes: ['a b'] },
      account.key,
    );
    expect(attributes.body.error.details[0].field).toBe('include_attributes.0');
    expect(await account.balance()).toBe(10);
  });

  it('answers 403 for robots, 404 UPSTREAM_HTTP for a missing page', async () => {
    const account = await harness.account({ credits: 10 });
    expectFetchRefused(
      await call({ url: at('/private/catalog'), selectors: { h: 'h1' } }, account.key),
      'robots',
    );
    expectFetchRefused(await call({ url: at('/missing'), selectors: { h: 'h1' } }, account.key), 'missing');
    const overridden = await call(
      { url: at('/private/catalog'), selectors: { h: 'h1' }, respect_robots: false },
      account.key,
    );
    expectRobotsOverridden(overridden);
    expect(await account.balance()).toBe(8);
  });

  it('answers 504 FETCH_TIMEOUT after its fixed 15 s fetch budget', { timeout: 25_000 }, async () => {
    const account = await harness.account({ credits: 10 });
    expectFetchRefused(await call({ url: at('/slow'), selectors: { p: 'p' } }, account.key), 'timeout');
    expect(await account.balance()).toBe(10);
  });
});

describe('scrape_structured definition', () => {
  it('prices 2 and applies the defaults of docs/reference/pages.md#scrape_structured', () => {
    expect(scrapeStructuredTool.price).toBe(2);
    expect(scrapeStructuredTool.schema.parse({ html: '<p>x</p>', selectors: { p: 'p' } })).toEqual({
      html: '<p>x</p>',
      selectors: { p: 'p' },
      multiple: false,
      clean_text: true,
      max_items: 100,
      respect_robots: true,
    });
    expect(scrapeStructuredTool.schema.safeParse(scrapeStructuredTool.example).success).toBe(true);
  });

  it('documents every field with a description and an example', () => {
    expectEveryFieldDocumented(scrapeStructuredTool.schema);
  });

  it('keeps count and total_found beside a stored list', () => {
    expect(scrapeStructuredTool.keepWhenStored?.({ items: [], count: 0, total_found: 7 })).toEqual({
      count: 0,
      total_found: 7,
    });
    expect(scrapeStructuredTool.keepWhenStored?.({ title: 'x' })).toEqual({});
  });
});
