import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractStructuredTool } from '../../lib/tools/extract-structured/index.js';
import type { FakeServer } from '../fakes/fake-http.js';
import { startOllamaFake } from '../fakes/ollama.js';
import { type Harness, startHarness } from '../support/harness.js';
import {
  HTML_UTF8,
  type Route,
  readFixture,
  respond,
  startToolSite,
  type ToolSite,
} from '../support/tool-site.js';

let site: ToolSite;
let harness: Harness;
let ollama: FakeServer;
let withoutModel: Harness;

const page = (name: string): Route => respond(200, HTML_UTF8, readFixture(`structured/${name}.html`));
const url = (name: string) => site.url(`/p/${name}`);
const extract = (body: Record<string, unknown>, key: string, h = harness) =>
  h.tool('extract_structured', body, key);

const PRODUCT = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    price: { type: 'number' },
    currency: { type: 'string' },
    brand: { type: 'string' },
    sku: { type: 'string' },
    rating: { type: 'number' },
    image: { type: 'string' },
    images: { type: 'array', items: { type: 'string' } },
    warranty: { type: 'string' },
  },
  required: ['name', 'price', 'warranty'],
};

beforeAll(async () => {
  ollama = await startOllamaFake();
  site = await startToolSite({
    host: 'shop.test',
    tools: [extractStructuredTool],
    env: { OLLAMA_HOST: ollama.url },
    routes: {
      '/p/product': page('product'),
      '/p/recipe': page('recipe-microdata'),
      '/p/article': page('article-rdfa'),
      '/p/meta': page('meta-only'),
      '/private/product': page('product'),
    },
  });
  harness = site.harness;
  withoutModel = await startHarness({ tools: [extractStructuredTool] });
});
afterAll(async () => {
  await site?.close();
  await Promise.all([withoutModel?.close(), ollama?.close()]);
});

describe('extract_structured without a model', () => {
  it('fills the schema from JSON-LD first, says which source filled each field, and charges 3', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await extract({ url: url('product'), schema: PRODUCT }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.credits_used).toBe(3);
    expect(res.body.data).toEqual({
      url: url('product'),
      extracted: {
        name: 'Acme Widget Pro',
        price: 49.9,
        currency: 'EUR',
        brand: 'Acme',
        sku: 'AWP-2024',
        rating: 4.6,
        image: 'https://shop.example.com/img/widget-1.jpg',
        images: ['https://shop.example.com/img/widget-1.jpg', 'https://shop.example.com/img/widget-2.jpg'],
        warranty: null,
      },
      field_sources: {
        name: 'json-ld',
        price: 'json-ld',
        currency: 'json-ld',
        brand: 'json-ld',
        sku: 'json-ld',
        rating: 'json-ld',
        image: 'json-ld',
        images: 'json-ld',
        warranty: null,
      },
      missing_fields: ['warranty'],
      schema_valid: false,
      validation_errors: [
        { field: 'extracted.warranty', message: 'Instance type "null" is invalid. Expected "string".' },
      ],
      mode: 'markup',
      provider_used: null,
      model_used: null,
      extracted_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('lets per-field selectors win, with attributes and every match for an array', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await extract(
      {
        url: url('product'),
        schema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            price: { type: 'number' },
            hero: { type: 'string' },
            features: { type: 'array', items: { type: 'string' } },
          },
        },
        selectors: {
          price: '.price',
          hero: { selector: 'img.hero', attribute: 'src' },
          features: '.features li',
        },
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.extracted).toEqual({
      name: 'Acme Widget Pro',
      // The visible "€ 49,90", read with its decimal comma.
      price: 49.9,
      hero: '/img/hero.jpg',
      features: ['Steel body', 'Two-year warranty', 'Fits every bench'],
    });
    expect(res.body.data.field_sources).toEqual({
      name: 'json-ld',
      price: 'selector',
      hero: 'selector',
      features: 'selector',
    });
    expect(res.body.data.schema_valid).toBe(true);
  });

  it('reads microdata, nested items included', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await extract(
      {
        url: url('recipe'),
        schema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            author: { type: 'string' },
            date_published: { type: 'string' },
            ingredients: { type: 'array', items: { type: 'string' } },
            recipe_ingredient: { type: 'array', items: { type: 'string' } },
            image: { type: 'string' },
            rating: { type: 'number' },
          },
        },
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.extracted).toEqual({
      name: 'Weekend pancakes',
      author: 'Mara Lindqvist',
      date_published: '2024-03-09',
      ingredients: null,
      recipe_ingredient: ['2 eggs', '250 ml milk', '120 g flour'],
      image: site.url('/img/pancakes.jpg'),
      rating: 4.8,
    });
    expect(res.body.data.field_sources.name).toBe('microdata');
    expect(res.body.data.missing_fields).toEqual(['ingredients']);
  });

  it('reads RDFa, then Open Graph, then meta tags', async () => {
    const account = await harness.account({ credits: 100 });
    const article = await extract(
      {
        url: url('article'),
        schema: {
          type: 'object',
          properties: {
            headline: { type: 'string' },
            author: { type: 'string' },
            section: { type: 'string' },
            description: { type: 'string' },
            published_time: { type: 'string' },
          },
        },
      },
      account.key,
    );
    expect(article.status, JSON.stringify(article.body)).toBe(200);
    expect(article.body.data.extracted).toMatchObject({
      headline: 'Harbour ferry returns after winter repairs',
      description: 'Service resumes on Monday.',
      published_time: '2024-03-18T07:30:00Z',
    });
    expect(article.body.data.field_sources).toMatchObject({
      headline: 'rdfa',
      description: 'open-graph',
      published_time: 'open-graph',
    });

    const plain = await extract(
      {
        url: url('meta'),
        schema: {
          type: 'object',
          properties: { title: { type: 'string' }, author: { type: 'string' }, card: { type: 'string' } },
        },
      },
      account.key,
    );
    expect(plain.body.data.extracted).toEqual({
      title: 'Open Graph title of the plain page',
      author: 'Ana Pérez',
      card: 'summary',
    });
    expect(plain.body.data.field_sources).toEqual({ title: 'open-graph', author: 'meta', card: 'meta' });
  });

  it('reads supplied html without fetching', async () => {
    const account = await harness.account({ credits: 100 });
    const before = site.requests();
    const res = await extract(
      {
        html: '<script type="application/ld+json">{"@type":"Event","name":"Launch","startDate":"2024-09-01"}</script>',
        schema: { type: 'object', properties: { name: { type: 'string' }, date: { type: 'string' } } },
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ url: null, extracted: { name: 'Launch', date: '2024-09-01' } });
    expect(site.requests()).toBe(before);
  });

  it('answers robots.txt with 403, uncharged', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await extract({ url: site.url('/private/product'), schema: PRODUCT }, account.key);
    expect(res.status).toBe(403);
    expect(await account.balance()).toBe(100);
  });

  it.each([
    [{ schema: PRODUCT }, 'url'],
    [{ url: 'https://x.example/', schema: { type: 'array' } }, 'schema'],
    [{ url: 'https://x.example/', schema: { type: 'object', properties: {} } }, 'schema'],
    [
      { url: 'https://x.example/', schema: { type: 'object', properties: { a: { type: 'banana' } } } },
      'schema',
    ],
    [{ url: 'https://x.example/', schema: PRODUCT, selectors: { nope: '.x' } }, 'selectors.nope'],
    [{ url: 'https://x.example/', schema: PRODUCT, selectors: { price: 'div[' } }, 'selectors.price'],
    [{ url: 'https://x.example/', schema: PRODUCT, mode: 'guess' }, 'mode'],
  ])('refuses %j with 400 on %s, uncharged', async (body, field) => {
    const account = await harness.account({ credits: 100 });
    const res = await extract(body, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(await account.balance()).toBe(100);
  });
});

describe('extract_structured with a model', () => {
  it('lets the model fill only what the markup left empty', async () => {
    const account = await harness.account({ credits: 100 });
    const before = ollama.requests.length;
    const res = await extract(
      {
        url: url('meta'),
        mode: 'model',
        schema: {
          type: 'object',
          properties: { title: { type: 'string' }, price: { type: 'number' }, colour: { type: 'string' } },
        },
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.extracted).toEqual({
      title: 'Open Graph title of the plain page',
      price: 12.5,
      colour: 'teal',
    });
    expect(res.body.data.field_sources).toEqual({ title: 'open-graph', price: 'model', colour: 'model' });
    expect(res.body.data).toMatchObject({
      mode: 'model',
      provider_used: 'local',
      model_used: 'llama3.2:latest',
      missing_fields: [],
      schema_valid: true,
    });
    const sent = ollama.requests[before].body as { format: { properties: Record<string, unknown> } };
    expect(Object.keys(sent.format.properties)).toEqual(['price', 'colour']);
  });

  it('does not call the model when the markup filled everything', async () => {
    const account = await harness.account({ credits: 100 });
    const before = ollama.requests.length;
    const res = await extract(
      {
        url: url('product'),
        mode: 'model',
        schema: { type: 'object', properties: { name: { type: 'string' } } },
      },
      account.key,
    );
    expect(res.body.data).toMatchObject({ extracted: { name: 'Acme Widget Pro' }, model_used: null });
    expect(ollama.requests.length).toBe(before);
  });

  it('answers 503 naming the model variables when mode model has no provider, uncharged', async () => {
    const account = await withoutModel.account({ credits: 100 });
    const res = await extract(
      { html: '<p>x</p>', mode: 'model', schema: PRODUCT },
      account.key,
      withoutModel,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.error.message).toContain('OLLAMA_HOST');
    expect(await account.balance()).toBe(100);
  });
});
