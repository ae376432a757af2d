import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOCKED_NEXT_STEP,
  CLIENT_RENDERED_WARNING,
  JSON_BODY_WARNING,
} from '../../lib/fetch/assess-page.js';
import { extractTextTool } from '../../lib/tools/extract-text/index.js';
import { expectFetchRefused, expectUrlEscalationPricing } from '../support/fetch-expectations.js';
import type { Harness } from '../support/harness.js';
import type { ToolSite } from '../support/tool-site.js';
import { startPagesSite, TIDES_JSON } from './text-links-site.js';

let harness: Harness;
let site: ToolSite;

beforeAll(async () => {
  site = await startPagesSite([extractTextTool]);
  harness = site.harness;
});
afterAll(() => site?.close());

const ARTICLE = '/p/text-article.html';

/** Independent of the tool's own counter: runs of letters or digits, joined across ' and -. */
function words(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

async function extract(body: Record<string, unknown>, credits = 100) {
  const account = await harness.account({ credits });
  const res = await harness.tool('extract_text', body, account.key);
  return { account, res, body: res.body };
}

describe('extract_text from a url', () => {
  it('reads the whole rendered page by default and charges 1', async () => {
    const { account, res, body } = await extract({ url: site.url(ARTICLE) });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ success: true, credits_used: 1, credits_remaining: 99 });
    expect(body).not.toHaveProperty('warnings');
    expect(await account.balance()).toBe(99);

    const data = body.data;
    expect(Object.keys(data)).toEqual([
      'text',
      'output_format',
      'word_count',
      'char_count',
      'truncated',
      'metadata',
      'url',
      'rendered',
      'escalated',
    ]);
    // Whole page: navigation, article, aside and footer, one block per line; no script, no <noscript>.
    const lines = data.text.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'News',
      'Sport',
      'Opinion',
      'Harbour Lane bridge reopens after two-year rebuild',
    ]);
    expect(lines).toContain(
      'The Harbour Lane footbridge reopened to walkers and cyclists on Saturday morning, two years after inspectors closed it over corroded cables.',
    );
    expect(lines.at(-1)).toBe('© 2024 Riverside Gazette · Privacy · Contact the newsdesk');
    expect(data.text).not.toMatch(/dataLayer|Some features need JavaScript/);
    expect(data.text).not.toContain('\n\n');
    expect(data).toMatchObject({
      output_format: 'text',
      char_count: data.text.length,
      word_count: words(data.text),
      truncated: false,
      url: site.url(ARTICLE),
      rendered: true,
      escalated: false,
      metadata: {
        title: 'Harbour Lane bridge reopens after two-year rebuild',
        description:
          'The Harbour Lane footbridge reopened on Saturday after a rebuild that replaced its timber deck and steel cables.',
        word_count: words(data.text),
        character_count: data.text.length,
        selector_used: null,
        links_preserved: false,
        formatting_preserved: false,
      },
    });
  });

  it('reads every match of a selector, in document order', async () => {
    const { res, body } = await extract({ url: site.url(ARTICLE), selector: 'article h2, article h1' });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.text).toBe('Harbour Lane bridge reopens after two-year rebuild\nWhat changed');
    expect(body.data.metadata.selector_used).toBe('article h2, article h1');
  });

  it('keeps spacing as written with clean: false', async () => {
    const cleaned = await extract({ url: site.url(ARTICLE), selector: 'article p:nth-of-type(2)' });
    expect(cleaned.body.data.text).toBe(
      'The Harbour Lane footbridge reopened to walkers and cyclists on Saturday morning, two years after inspectors closed it over corroded cables.',
    );
    const raw = await extract({
      url: site.url(ARTICLE),
      selector: 'article p:nth-of-type(2)',
      clean: false,
    });
    expect(raw.res.status, JSON.stringify(raw.body)).toBe(200);
    expect(raw.body.data.text).toContain(
      'two years after\n         inspectors closed it over   corroded cables.',
    );
  });

  it('appends link targets and keeps paragraphs and lists with preserve_links and preserve_formatting', async () => {
    const { res, body } = await extract({
      url: site.url(ARTICLE),
      selector: 'article',
      preserve_links: true,
      preserve_formatting: true,
    });
    expect(res.status, JSON.stringify(body)).toBe(200);
    const text: string = body.data.text;
    expect(text).toContain('regional transport fund (https://www.example.org/transport-fund).');
    expect(text).toContain(`engineering report (${site.url('/docs/harbour-lane-report.pdf')}) is online.`);
    expect(text).toContain('Harbour Lane bridge reopens after two-year rebuild\n\nBy Maya Okafor');
    expect(text).toMatch(/^- A wider deck, now 3\.5 metres across$/m);
    expect(text).toMatch(/^ {2}- Motion-sensing lamps at both ends$/m);
    expect(text).toMatch(/^1\. Cyclists must dismount at peak hours$/m);
    expect(text).toMatch(/^2\. Dogs must be kept on a lead$/m);
    expect(text).toContain('Opening hours:\n  Mon-Fri  06:00-22:00\n  Sat-Sun  07:00-23:00');
    expect(body.data.metadata).toMatchObject({ links_preserved: true, formatting_preserved: true });

    // Link targets are addresses, not words: the count matches the same text without them.
    const plain = await extract({ url: site.url(ARTICLE), selector: 'article', preserve_formatting: true });
    expect(body.data.word_count).toBe(plain.body.data.word_count);
    expect(body.data.char_count).toBeGreaterThan(plain.body.data.char_count);
  });

  it('returns markdown under data.markdown with output_format markdown', async () => {
    const { account, res, body } = await extract({
      url: site.url(ARTICLE),
      selector: 'article',
      output_format: 'markdown',
    });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.credits_used).toBe(1);
    expect(await account.balance()).toBe(99);
    const data = body.data;
    expect(data).not.toHaveProperty('text');
    expect(Object.keys(data)[0]).toBe('markdown');
    expect(data.output_format).toBe('markdown');
    expect(data.markdown).toMatch(/^# Harbour Lane bridge reopens after two-year rebuild\n\nBy Maya Okafor/);
    expect(data.markdown).toContain('\n## What changed\n');
    expect(data.markdown).toContain('[regional transport fund](https://www.example.org/transport-fund)');
    expect(data.markdown).toContain('```\nOpening hours:\n  Mon-Fri  06:00-22:00');
    expect(data.char_count).toBe(data.markdown.length);
    expect(data.metadata).toMatchObject({ links_preserved: true, formatting_preserved: true });

    // The whole page in markdown keeps the navigation too.
    const whole = await extract({ url: site.url(ARTICLE), output_format: 'markdown' });
    expect(whole.body.data.markdown).toContain(`[News](${site.url('/news/')})`);
  });

  it('cuts at max_length, ending in ..., and says so', async () => {
    const full = await extract({ url: site.url(ARTICLE), selector: 'article' });
    const fullText: string = full.body.data.text;

    const cut = await extract({ url: site.url(ARTICLE), selector: 'article', max_length: 60 });
    expect(cut.res.status, JSON.stringify(cut.body)).toBe(200);
    const data = cut.body.data;
    expect(data.text.length).toBeLessThanOrEqual(60);
    expect(data.text.endsWith('...')).toBe(true);
    expect(fullText.startsWith(data.text.slice(0, -3))).toBe(true);
    expect(data).toMatchObject({
      truncated: true,
      char_count: data.text.length,
      word_count: words(data.text),
    });
    // metadata counts the whole extraction, so the caller sees how much was cut.
    expect(data.metadata).toMatchObject({ character_count: fullText.length, word_count: words(fullText) });

    const roomy = await extract({ url: site.url(ARTICLE), selector: 'article', max_length: 100_000 });
    expect(roomy.body.data).toMatchObject({ text: fullText, truncated: false });

    const markdown = await extract({ url: site.url(ARTICLE), output_format: 'markdown', max_length: 40 });
    expect(markdown.body.data.markdown).toMatch(/^\[!\[Riverside Gazette\]\(.{0,30}\.\.\.$/s);
    expect(markdown.body.data.markdown.length).toBeLessThanOrEqual(40);
    expect(markdown.body.data.truncated).toBe(true);
  });

  it('redacts PII after counting, keeps URLs, and reports the redaction block', async () => {
    const plain = await extract({ url: site.url(ARTICLE), selector: 'article p', preserve_links: true });
    const { account, res, body } = await extract({
      url: site.url(ARTICLE),
      selector: 'article p',
      preserve_links: true,
      redact_pii: true,
    });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.credits_used).toBe(1);
    expect(await account.balance()).toBe(99);
    const data = body.data;
    expect(data.text).toContain("council's bridges team at [REDACTED_EMAIL] or on [REDACTED_PHONE].");
    expect(data.text).not.toContain('bridges@riverside-council.example');
    expect(data.text).toContain('(https://www.example.org/transport-fund)');
    expect(data.url).toBe(site.url(ARTICLE));
    expect(data.redaction).toEqual({ entities: { email: 1, phone: 1 }, count: 2, mode: 'fast' });
    // Counters describe the text before redaction.
    expect(data.char_count).toBe(plain.body.data.char_count);
    expect(data.word_count).toBe(plain.body.data.word_count);
    expect(data.metadata.character_count).toBe(plain.body.data.metadata.character_count);

    const clean = await extract({
      url: site.url(ARTICLE),
      selector: 'h1',
      redact_pii: { entities: ['email'] },
    });
    expect(clean.body.data.redaction).toEqual({ entities: {}, count: 0, mode: 'fast' });
    expect(plain.body.data).not.toHaveProperty('redaction');
  });

  it('decodes a Windows-1252 page declared in a meta tag', async () => {
    const { res, body } = await extract({ url: site.url('/p/text-windows-1252.html') });
    expect(res.status, JSON.stringify(body)).toBe(200);
    // The <h1> states the first part of <title>: the sources agree on the café's name.
    expect(body.data.metadata.title).toBe('Café de la Gare');
    expect(body.data.text).toContain('“Une crêpe naïve, c’est déjà un délice” – notre chef.');
    expect(body.data.text).toMatch(/Crêpe au sucre\s+3,50 €/);
  });

  it('follows a redirect chain and reports the final URL', async () => {
    const { res, body } = await extract({ url: site.url('/old'), selector: 'h1' });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.url).toBe(site.url(ARTICLE));
    expect(body.data.text).toBe('Harbour Lane bridge reopens after two-year rebuild');
  });

  it('waits out a 429 with Retry-After: 1 and retries once', async () => {
    const path = '/busy/text';
    const started = Date.now();
    const { account, res, body } = await extract({ url: site.url(path), selector: 'h1' });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(site.hits(path)).toBe(2);
    expect(body.data.text).toBe('Harbour Lane bridge reopens after two-year rebuild');
    expect(await account.balance()).toBe(99);
  });

  it('returns a JSON body as served, with a warning', async () => {
    const { account, res, body } = await extract({ url: site.url('/api/tides.json') });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.warnings).toEqual([JSON_BODY_WARNING]);
    expect(body.data).toMatchObject({
      text: TIDES_JSON,
      rendered: true,
      metadata: { title: null, description: null },
    });
    expect(body.credits_used).toBe(1);
    expect(await account.balance()).toBe(99);
  });

  it('reads XML one element per line and honours a selector on it', async () => {
    const feed = await extract({ url: site.url('/p/text-feed.xml') });
    expect(feed.res.status, JSON.stringify(feed.body)).toBe(200);
    expect(feed.body.data.text.split('\n').slice(0, 5)).toEqual([
      'Riverside Gazette: Local',
      'https://riverside-gazette.example/local/',
      'Local news from the Riverside Gazette',
      'Harbour Lane bridge reopens after two-year rebuild',
      'https://riverside-gazette.example/news/harbour-lane-bridge',
    ]);
    const titles = await extract({ url: site.url('/p/text-feed.xml'), selector: 'item > title' });
    expect(titles.body.data.text).toBe(
      'Harbour Lane bridge reopens after two-year rebuild\nFerry timetable changes from July',
    );
  });

  it('reads plain text, cleaned unless clean is false', async () => {
    const cleaned = await extract({ url: site.url('/p/text-notes.txt') });
    expect(cleaned.res.status, JSON.stringify(cleaned.body)).toBe(200);
    expect(cleaned.body.data.text).toBe(
      'TIDE NOTES (Harbour Lane gauge)\nHigh water 06:12 4.8 m\nLow water 12:31 0.9 m',
    );
    const raw = await extract({ url: site.url('/p/text-notes.txt'), clean: false });
    expect(raw.body.data.text).toBe(
      'TIDE NOTES   (Harbour Lane gauge)\n\n\nHigh water    06:12    4.8 m\nLow water     12:31    0.9 m\n\n',
    );
  });

  it('reads a response without Content-Type as HTML', async () => {
    const { res, body } = await extract({ url: site.url('/no-type') });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.text).toBe('Served bare\nNo Content-Type header on this one.');
  });

  it('answers a client-rendered shell with rendered: false and a warning, charged', async () => {
    const { account, res, body } = await extract({ url: site.url('/p/text-app-shell.html') });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.warnings).toEqual([CLIENT_RENDERED_WARNING]);
    expect(body.data).toMatchObject({ text: '', rendered: false, escalated: false, word_count: 0 });
    expect(body.data.metadata.title).toBe('Tideline · Tide tables');
    expect(await account.balance()).toBe(99);
  });

  it('stores a result over max_inline_chars and keeps the counters beside the handle', async () => {
    const { res, body } = await extract({ url: site.url(ARTICLE), max_inline_chars: 1000 });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      output_format: 'text',
      url: site.url(ARTICLE),
      rendered: true,
      escalated: false,
      truncated: true,
      result_handle: expect.any(String),
      total_chars: expect.any(Number),
    });
    expect(body.data.total_chars).toBeGreaterThan(1000);
    expect(body.data).not.toHaveProperty('text');
  });

  it('holds 6 under escalate but charges 1 when the page needed no render', async () => {
    const { account, res, body } = await extract({ url: site.url(ARTICLE), escalate: true }, 6);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ credits_used: 1, credits_remaining: 5 });
    expect(body.data.escalated).toBe(false);
    expect(body.data).not.toHaveProperty('stealth');
    expect(await account.balance()).toBe(5);
  });
});

describe('extract_text from html', () => {
  it('reads supplied html without fetching anything', async () => {
    const before = site.connections();
    const { account, res, body } = await extract({
      html: '<article><h1>Release notes</h1><p>Imports are <a href="/blog/imports">faster</a>.</p></article>',
      preserve_links: true,
    });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(site.connections()).toBe(before);
    // Without an address a relative link has no absolute form, so no target is appended.
    expect(body.data).toMatchObject({
      text: 'Release notes\nImports are faster.',
      url: null,
      rendered: true,
      escalated: false,
      metadata: { description: null, selector_used: null },
    });
    expect(body).not.toHaveProperty('warnings');
    expect(await account.balance()).toBe(99);
  });

  it('lets html win over url, which then only resolves links', async () => {
    const before = site.connections();
    const { res, body } = await extract({
      html: '<p>Imports are <a href="/blog/imports">faster</a>.</p>',
      url: site.url(ARTICLE),
      preserve_links: true,
    });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(site.connections()).toBe(before);
    expect(body.data.text).toBe(`Imports are faster (${site.url('/blog/imports')}).`);
    expect(body.data.url).toBeNull();
    expect(body.warnings).toEqual([
      `url not fetched: html wins when both are sent; ${site.url(ARTICLE)} only resolves relative links`,
    ]);
  });

  it('never escalates html, so escalate holds 1 only', async () => {
    const { account, res, body } = await extract({ html: '<p>Short and sweet.</p>', escalate: true }, 1);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ text: 'Short and sweet.', escalated: false });
    expect(await account.balance()).toBe(0);
  });

  it('flags a client-rendered shell sent as html', async () => {
    const { res, body } = await extract({
      html: '<html><body><noscript>Please enable JavaScript to continue.</noscript><div id="root"></div></body></html>',
    });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.rendered).toBe(false);
    expect(body.warnings).toEqual([CLIENT_RENDERED_WARNING]);
  });
});

describe('extract_text errors, all uncharged', () => {
  it('needs html or url', async () => {
    const { account, res, body } = await extract({ selector: 'p' }, 10);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([{ field: 'url', message: 'one of html or url is required' }]);
    expect(await account.balance()).toBe(10);
  });

  it('refuses an invalid selector before fetching', async () => {
    const before = site.connections();
    const { account, res, body } = await extract({ url: site.url(ARTICLE), selector: 'article >> p[' }, 10);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([
      { field: 'selector', message: 'Invalid CSS selector: article >> p[' },
    ]);
    expect(site.connections()).toBe(before);
    expect(await account.balance()).toBe(10);
  });

  it('answers a selector that matches nothing with 400', async () => {
    const { account, res, body } = await extract({ url: site.url(ARTICLE), selector: '.comments' }, 10);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([
      { field: 'selector', message: 'Selector matched nothing: .comments' },
    ]);
    expect(await account.balance()).toBe(10);

    const html = await extract({ html: '<p>one</p>', selector: 'table' }, 10);
    expect(html.res.status).toBe(400);
    expect(html.body.error.details[0].field).toBe('selector');

    const json = await extract({ url: site.url('/api/tides.json'), selector: 'p' }, 10);
    expect(json.res.status, JSON.stringify(json.body)).toBe(400);
    expect(json.body.error.details).toEqual([
      { field: 'selector', message: 'selector applies to HTML and XML; this response is JSON' },
    ]);
    expect(await json.account.balance()).toBe(10);
  });

  it('validates every bound', async () => {
    const { account, res, body } = await extract(
      {
        url: 'ftp://pages.test/file',
        html: '',
        timeout: 15001,
        max_length: 0,
        output_format: 'html',
        escalate_engine: 'engine_c',
        max_inline_chars: 999,
        redact_pii: { mode: 'model' },
        clean: 'yes',
      },
      10,
    );
    expect(res.status, JSON.stringify(body)).toBe(400);
    const fields = body.error.details.map((detail: { field: string }) => detail.field).sort();
    expect(fields).toEqual([
      'clean',
      'escalate_engine',
      'html',
      'max_inline_chars',
      'max_length',
      'output_format',
      'redact_pii.mode',
      'timeout',
      'url',
    ]);
    const low = await extract({ url: site.url(ARTICLE), timeout: 999 }, 10);
    expect(low.body.error.details).toEqual([{ field: 'timeout', message: expect.stringContaining('1000') }]);
    expect(await account.balance()).toBe(10);
  });

  it('answers 504 when the page is slower than timeout', async () => {
    const { account, res } = await extract({ url: site.url('/slow'), timeout: 1000 }, 10);
    expectFetchRefused(res, 'timeout');
    expect(await account.balance()).toBe(10);
  });

  it('refuses a robots.txt-disallowed page with 403, and reads it with respect_robots: false', async () => {
    const url = site.url('/private/text-article.html');
    const refused = await extract({ url }, 10);
    expectFetchRefused(refused.res, 'robots');
    expect(site.hits('/private/text-article.html')).toBe(0);
    expect(await refused.account.balance()).toBe(10);

    const overridden = await extract({ url, respect_robots: false, selector: 'h1' }, 10);
    expect(overridden.res.status, JSON.stringify(overridden.body)).toBe(200);
    expect(overridden.body.warnings).toEqual([
      expect.stringMatching(/^robots\.txt disallows .*respect_robots is false$/),
    ]);
    expect(overridden.body.data.text).toBe('Harbour Lane bridge reopens after two-year rebuild');
    expect(overridden.body.credits_used).toBe(1);
    expect(await overridden.account.balance()).toBe(9);
  });

  it('answers a Cloudflare challenge with BLOCKED, the target status, the evidence and a next step', async () => {
    const { account, res, body } = await extract({ url: site.url('/challenge') }, 10);
    expect(res.status, JSON.stringify(body)).toBe(403);
    expect(body.error.code).toBe('BLOCKED');
    expect(body.error.blocked.vendor).toBe('cloudflare');
    expect(body.error.blocked.evidence).toContain('header cf-mitigated: challenge');
    expect(body.error.next_step).toBe(BLOCKED_NEXT_STEP);
    expect(await account.balance()).toBe(10);
  });

  it('holds up to 6 under escalate and releases all of it when the render is not available', async () => {
    // The firm price is 1: a balance of 1 is enough to try; the +5 is held only as far as it goes.
    const short = await extract({ url: site.url('/challenge'), escalate: true }, 1);
    expect(short.res.status, JSON.stringify(short.body)).toBe(503);
    expect(await short.account.balance()).toBe(1);
    const broke = await extract({ url: site.url('/challenge'), escalate: true }, 0);
    expect(broke.res.status).toBe(402);

    const { account, res, body } = await extract({ url: site.url('/challenge'), escalate: true }, 6);
    expect(res.status, JSON.stringify(body)).toBe(503);
    expect(body.error.code).toBe('TOOL_NOT_AVAILABLE');
    expect(body.error.escalated).toBe(false);
    expect(body.error.blocked.vendor).toBe('cloudflare');
    expect(await account.balance()).toBe(6);
  });

  it('passes a 404 through as UPSTREAM_HTTP', async () => {
    const { account, res } = await extract({ url: site.url('/gone'), escalate: true }, 10);
    expectFetchRefused(res, 'missing');
    expect(await account.balance()).toBe(10);
  });

  it('answers a PDF with 415 pointing at process_document', async () => {
    const { account, res } = await extract({ url: site.url('/p/text-report.pdf') }, 10);
    expectFetchRefused(res, 'binary');
    expect(await account.balance()).toBe(10);
  });
});

describe('extract_text definition', () => {
  it('prices 1, with a hold ceiling of 6 under escalate for a url only', () => {
    expectUrlEscalationPricing(extractTextTool);
  });

  it('applies the defaults of the reference', () => {
    expect(extractTextTool.schema.parse({ url: 'https://example.com/' })).toEqual({
      url: 'https://example.com/',
      clean: true,
      preserve_links: false,
      preserve_formatting: false,
      output_format: 'text',
      escalate: false,
      escalate_engine: 'engine_a',
      redact_pii: false,
      respect_robots: true,
      max_inline_chars: 40000,
      timeout: 15000,
    });
  });

  it('describes itself on GET without a key', async () => {
    const res = await harness.call('GET', '/api/v1/tools/extract_text');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'extract_text', credits: 1 });
    expect(Object.keys(res.body.data.request_schema.properties)).toContain('output_format');
  });
});
