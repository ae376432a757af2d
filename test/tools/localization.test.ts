import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizationTool } from '../../lib/tools/localization/index.js';
import { expectFetchRefused, expectRobotsOverridden } from '../support/fetch-expectations.js';
import type { Harness } from '../support/harness.js';
import { HTML_UTF8, type Route, readFixture, startToolSite, type ToolSite } from '../support/tool-site.js';
import { expectEveryFieldDocumented } from './content-tool-support.js';

let harness: Harness;
let site: ToolSite;
/** Request headers of the last page request, by path. */
const received = new Map<string, IncomingHttpHeaders>();

const fixture = (name: string) => readFixture(`pages/localization-${name}.html`);
const page = (name: string) => site.url(`/p/${name}`);
const at = (path: string) => site.url(path);
const call = (body: Record<string, unknown>, key: string) => harness.tool('localization', body, key);

/** `/p/<name>` and `/private/<name>` serve the fixture of that name. */
const serveFixture: Route = (req, res, { path }) => {
  received.set(path, req.headers);
  res.writeHead(200, HTML_UTF8);
  res.end(fixture(path.split('/')[2]));
};

beforeAll(async () => {
  site = await startToolSite({
    host: 'l10n.test',
    tools: [localizationTool],
    routes: {
      '/p/*': serveFixture,
      '/private/*': serveFixture,
      '/with-header': (req, res, { path }) => {
        received.set(path, req.headers);
        res.writeHead(200, { ...HTML_UTF8, 'content-language': 'de, en' });
        res.end(fixture('plain'));
      },
    },
  });
  harness = site.harness;
});
afterAll(() => site?.close());

describe('localization', () => {
  it('reports every language signal of a multilingual page, charging 2', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: page('multilingual') }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: 2, credits_remaining: 98 });
    expect(res.body.data).toEqual({
      url: page('multilingual'),
      detected_language: 'de',
      html_lang: 'de-DE',
      content_language_header: null,
      // Document order, URLs absolute, x-default kept, the exact repeat of `en` listed once.
      alternate_languages: [
        { lang: 'en', url: at('/en/pricing') },
        { lang: 'de-DE', url: 'https://shop.example.de/preise' },
        { lang: 'fr-CA', url: at('/fr-ca/tarifs') },
        { lang: 'de-de', url: at('/de-at/preise') },
        { lang: 'x-default', url: at('/') },
      ],
      // en, de-de and fr-ca: hreflang compares case-insensitively and x-default is not a language.
      language_count: 3,
      is_multilingual: true,
      target_language: null,
      matches_target: null,
      target_country: null,
      geo_targeted: false,
    });
    expect(await account.balance()).toBe(98);
  });

  it('sends target_language as Accept-Language and target_country as X-Country-Code', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call(
      { url: page('multilingual'), target_language: 'de', target_country: 'de' },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const headers = received.get('/p/multilingual')!;
    expect(headers['accept-language']).toBe('de');
    expect(headers['x-country-code']).toBe('DE');
    expect(res.body.data).toMatchObject({
      target_language: 'de',
      target_country: 'DE',
      matches_target: true,
    });

    await call({ url: page('single') }, account.key);
    expect(received.get('/p/single')).not.toHaveProperty('x-country-code');
  });

  it('matches target_language as an exact string against the detected language or html_lang', async () => {
    const account = await harness.account({ credits: 100 });
    const byHtmlLang = await call({ url: page('multilingual'), target_language: 'de-DE' }, account.key);
    expect(byHtmlLang.body.data.matches_target).toBe(true);
    const caseDiffers = await call({ url: page('multilingual'), target_language: 'de-de' }, account.key);
    expect(caseDiffers.body.data.matches_target).toBe(false);
    const other = await call({ url: page('multilingual'), target_language: 'fr' }, account.key);
    expect(other.body.data.matches_target).toBe(false);
    // Without detection only html_lang is compared.
    const undetected = await call(
      { url: page('multilingual'), target_language: 'de', detect_language: false },
      account.key,
    );
    expect(undetected.body.data).toMatchObject({ detected_language: null, matches_target: false });
  });

  it('leaves the alternates out with extract_hreflang: false', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: page('multilingual'), extract_hreflang: false }, account.key);
    expect(res.body.data).toMatchObject({
      alternate_languages: [],
      language_count: 0,
      is_multilingual: false,
      html_lang: 'de-DE',
    });
  });

  it('adds geo_targeting only when check_geo_targeting is on', async () => {
    const account = await harness.account({ credits: 100 });
    const geo = await call({ url: page('multilingual'), check_geo_targeting: true }, account.key);
    expect(geo.body.data.geo_targeted).toBe(true);
    expect(geo.body.data.geo_targeting).toEqual({
      region: 'DE-BY',
      position: '48.137;11.575',
      has_geo_meta: true,
    });

    const icbm = await call({ url: page('plain'), check_geo_targeting: true }, account.key);
    expect(icbm.body.data.geo_targeting).toEqual({
      region: null,
      position: '51.5072, -0.1276',
      has_geo_meta: true,
    });

    const none = await call({ url: page('single'), check_geo_targeting: true }, account.key);
    expect(none.body.data.geo_targeting).toEqual({ region: null, position: null, has_geo_meta: false });

    const off = await call({ url: page('multilingual') }, account.key);
    expect(off.body.data).not.toHaveProperty('geo_targeting');
  });

  it('reads Content-Language from the header, else from the meta pragma', async () => {
    const account = await harness.account({ credits: 100 });
    const header = await call({ url: at('/with-header') }, account.key);
    expect(header.body.data).toMatchObject({
      content_language_header: 'de, en',
      html_lang: null,
      detected_language: 'en',
    });
    const meta = await call({ url: page('plain') }, account.key);
    expect(meta.body.data.content_language_header).toBe('en-GB');
  });

  it('counts one language plus x-default as not multilingual, and says und for too little text', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: page('single') }, account.key);
    expect(res.body.data).toMatchObject({
      language_count: 1,
      is_multilingual: false,
      detected_language: 'und',
    });
  });

  it('fetches a disallowed page with respect_robots: false and says so', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: at('/private/single'), respect_robots: false }, account.key);
    expectRobotsOverridden(res);
    expect(res.body.data.html_lang).toBe('en');
  });
});

describe('localization errors, all uncharged', () => {
  it('answers 403 for a disallowed page, 404 UPSTREAM_HTTP for a missing one, 504 on timeout', async () => {
    const account = await harness.account({ credits: 10 });
    expectFetchRefused(await call({ url: at('/private/single') }, account.key), 'robots');
    expectFetchRefused(await call({ url: at('/missing') }, account.key), 'missing');
    expectFetchRefused(await call({ url: at('/slow'), timeout: 1000 }, account.key), 'timeout');
    expect(await account.balance()).toBe(10);
  });

  it('refuses header syntax in target_language and target_country, and bad bounds', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await call(
      { url: page('single'), target_language: 'de\r\nX-Evil: 1', target_country: 'DEU', timeout: 40000 },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const fields = res.body.error.details.map((detail: { field: string }) => detail.field).sort();
    expect(fields).toEqual(['target_country', 'target_language', 'timeout']);
    const missing = await call({}, account.key);
    expect(missing.body.error.details[0].field).toBe('url');
    expect(await account.balance()).toBe(10);
  });
});

describe('localization definition', () => {
  it('prices 2 and applies the defaults of docs/reference/pages.md#localization', () => {
    expect(localizationTool.price).toBe(2);
    expect(localizationTool.schema.parse({ url: 'https://example.com/' })).toEqual({
      url: 'https://example.com/',
      detect_language: true,
      extract_hreflang: true,
      check_geo_targeting: false,
      timeout: 10000,
      respect_robots: true,
    });
    expect(localizationTool.schema.safeParse(localizationTool.example).success).toBe(true);
  });

  it('documents every field with a description and an example', () => {
    expectEveryFieldDocumented(localizationTool.schema);
  });
});
