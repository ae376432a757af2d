import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractContentTool } from '../../lib/tools/extract-content/index.js';
import { expectFetchRefused, expectRobotsOverridden } from '../support/fetch-expectations.js';
import { startFixtureServer } from '../support/fixture-server.js';
import type { Harness } from '../support/harness.js';
import {
  HTML,
  HTML_UTF8,
  type Route,
  readFixture,
  respond,
  startToolSite,
  type ToolSite,
} from '../support/tool-site.js';
import { expectEveryFieldDocumented } from './content-tool-support.js';

let harness: Harness;
let site: ToolSite;
let closedPort: number;

const fixture = (name: string) => readFixture(`pages/extract-content-${name}.html`);
const page = (name: string) => site.url(`/p/${name}`);
const call = (body: Record<string, unknown>, key: string) => harness.tool('extract_content', body, key);

/** `/p/<name>` and `/private/<name>` serve the fixture of that name. */
const serveFixture: Route = (_req, res, { path }) => {
  res.writeHead(200, HTML_UTF8);
  res.end(fixture(path.split('/')[2]));
};
const paragraphs = Array.from({ length: 200 }, (_, i) => `<p>Paragraph ${i} of a long report.</p>`);

beforeAll(async () => {
  site = await startToolSite({
    host: 'content.test',
    tools: [extractContentTool],
    env: { FETCH_HOST_MAP: 'closed.test=127.0.0.1' },
    routes: {
      '/p/*': serveFixture,
      '/private/*': serveFixture,
      '/notes.txt': respond(
        200,
        { 'content-type': 'text/plain; charset=utf-8' },
        'Plain notes.\nSecond line.',
      ),
      '/long': respond(
        200,
        HTML,
        `<html><head><title>Long</title></head><body><article>${paragraphs.join('')}</article></body></html>`,
      ),
      // Declares more than the 25 MB cap; the fetcher refuses before reading a byte of it.
      '/huge': (_req, res) => {
        res.writeHead(200, { ...HTML, 'content-length': String(30 * 1024 * 1024) });
        res.write('<p>');
      },
    },
  });
  harness = site.harness;
  const probe = await startFixtureServer(() => {});
  closedPort = probe.port;
  await probe.close();
});
afterAll(() => site?.close());

describe('extract_content', () => {
  it('reads the <article> as text with title, author, date and images by default, charging 2', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: page('article') }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: 2, credits_remaining: 98 });
    expect(res.body).not.toHaveProperty('warnings');
    const data = res.body.data;
    expect(Object.keys(data)).toEqual([
      'url',
      'content',
      'content_length',
      'content_type',
      'title',
      'author',
      'publish_date',
      'images',
      'image_count',
      'links',
      'link_count',
    ]);
    expect(data.url).toBe(page('article'));
    // Paragraphs apart, list items bulleted; no nav, footer or script text.
    const paragraphs = data.content.split(/\n\n+/);
    expect(paragraphs).toEqual([
      'Harbour ferry returns after winter repairs',
      'The harbour line resumes service on Monday after three months in dry dock.',
      'Questions go to the port office at office@port.example or 555-201-4477.',
      // One list: its items on consecutive lines, not paragraphs of their own.
      '- Weekdays every 30 minutes\n- Weekends every hour',
      'See the full timetable, the fares below, or print this page. The stops are unchanged.',
      'Fares',
      'Single tickets cost 3 euros.',
    ]);
    expect(data.content_length).toBe(data.content.length);
    expect(data.content_type).toBe('text');
    expect(data.title).toBe('Harbour ferry returns after winter repairs');
    expect(data.author).toBe('Mara Lindqvist');
    expect(data.publish_date).toBe('2024-03-18T07:30:00Z');
    // Inside the article only, absolute, each once, the lazy image by its real source.
    expect(data.images).toEqual([site.url('/media/ferry.jpg'), 'https://cdn.example.net/img/timetable.png']);
    expect(data.image_count).toBe(2);
    expect(data.links).toEqual([]);
    expect(data.link_count).toBe(0);
    expect(await account.balance()).toBe(98);
  });

  it('lists the links inside the element with include_links, and drops the images without include_images', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: page('article'), include_links: true, include_images: false }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.links).toEqual([
      { href: site.url('/lines/harbour'), text: 'harbour line' },
      { href: 'mailto:office@port.example', text: 'office@port.example' },
      { href: 'https://timetables.example.org/harbour', text: 'full timetable' },
    ]);
    expect(data.link_count).toBe(3);
    expect(data.images).toEqual([]);
    expect(data.image_count).toBe(0);
  });

  it('returns the inner HTML as written with clean_html: false', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: page('main'), clean_html: false }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.content_type).toBe('html');
    expect(res.body.data.content).toBe(
      '\n    <h1>Opening hours</h1>\n    <p>The reading room opens at nine.</p>\n  ',
    );
    expect(res.body.data.content_length).toBe(res.body.data.content.length);
  });

  it('tries <article>, <main>, .content, #content in that order, skipping an empty one, then <body>', async () => {
    const account = await harness.account({ credits: 100 });
    const main = await call({ url: page('main') }, account.key);
    expect(main.body.data.content).toBe('Opening hours\n\nThe reading room opens at nine.');
    expect(main.body.data).toMatchObject({ title: 'Opening hours', author: null, publish_date: null });

    const byId = await call({ url: page('id') }, account.key);
    expect(byId.body.data.content).toBe('The notes live in the content block.');

    const body = await call({ url: page('body') }, account.key);
    expect(body.body.data.content).toBe('Only a wrapper here, so the whole body is the content.');
    expect(body.body.data.images).toEqual([site.url('/p/pictures/one.png')]);
  });

  it('reads the whole body with extract_main_content: false', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call(
      { url: page('article'), extract_main_content: false, include_links: true },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.content.startsWith('Home News\n\nHarbour ferry returns')).toBe(true);
    expect(data.content.endsWith('Single tickets cost 3 euros.\n\nPrivacy')).toBe(true);
    expect(data.images).toContain(site.url('/static/logo.png'));
    expect(data.image_count).toBe(4);
    expect(data.links.map((link: { text: string }) => link.text)).toEqual([
      'Home',
      'News',
      'harbour line',
      'office@port.example',
      'full timetable',
      'Privacy',
    ]);
  });

  it('returns a plain-text body whole', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: site.url('/notes.txt') }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      content: 'Plain notes.\nSecond line.',
      content_type: 'text',
      title: null,
      images: [],
      links: [],
    });
  });

  it('redacts PII in the result but never a URL, counting before redaction', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: page('article'), include_links: true, redact_pii: true }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.content).toContain('at [REDACTED_EMAIL] or [REDACTED_PHONE].');
    // office@port.example (19) became 16 characters, 555-201-4477 (12) became 16.
    expect(data.content_length).toBe(data.content.length - 1);
    expect(data.links[1]).toEqual({ href: 'mailto:office@port.example', text: '[REDACTED_EMAIL]' });
    expect(data.redaction).toEqual({ entities: { email: 2, phone: 1 }, count: 3, mode: 'fast' });

    const none = await call({ url: page('main'), redact_pii: { entities: ['ssn'] } }, account.key);
    expect(none.body.data.redaction).toEqual({ entities: {}, count: 0, mode: 'fast' });
  });

  it('stores a result over max_inline_chars, keeping the counts beside the handle', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: site.url('/long'), max_inline_chars: 1000 }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      url: site.url('/long'),
      content_type: 'text',
      title: 'Long',
      image_count: 0,
      link_count: 0,
      truncated: true,
      result_handle: expect.any(String),
    });
    expect(res.body.data.content_length).toBeGreaterThan(5000);
    expect(res.body.data).not.toHaveProperty('content');
  });

  it('fetches a disallowed page with respect_robots: false and says so', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: site.url('/private/main'), respect_robots: false }, account.key);
    expectRobotsOverridden(res);
    expect(res.body.credits_used).toBe(2);
  });
});

describe('extract_content errors, all uncharged', () => {
  it('answers 403 for a page robots.txt disallows', async () => {
    const account = await harness.account({ credits: 10 });
    expectFetchRefused(await call({ url: site.url('/private/article') }, account.key), 'robots');
    expect(await account.balance()).toBe(10);
  });

  it('passes a 404 through as UPSTREAM_HTTP', async () => {
    const account = await harness.account({ credits: 10 });
    expectFetchRefused(await call({ url: site.url('/gone') }, account.key), 'missing');
    expect(await account.balance()).toBe(10);
  });

  it('answers 504 FETCH_TIMEOUT when the page outlasts timeout', async () => {
    const account = await harness.account({ credits: 10 });
    expectFetchRefused(await call({ url: site.url('/slow'), timeout: 1000 }, account.key), 'timeout');
    expect(await account.balance()).toBe(10);
  });

  it('answers 413 RESPONSE_TOO_LARGE past 25 MB and 502 FETCH_FAILED when nothing listens', async () => {
    const account = await harness.account({ credits: 10 });
    const huge = await call({ url: site.url('/huge') }, account.key);
    expect(huge.status, JSON.stringify(huge.body)).toBe(413);
    expect(huge.body.error.code).toBe('RESPONSE_TOO_LARGE');

    const refused = await call({ url: `http://closed.test:${closedPort}/` }, account.key);
    expect(refused.status, JSON.stringify(refused.body)).toBe(502);
    expect(refused.body.error.code).toBe('FETCH_FAILED');
    expect(await account.balance()).toBe(10);
  });

  it('validates url, timeout bounds and redact_pii before fetching', async () => {
    const account = await harness.account({ credits: 10 });
    const before = site.requests();
    const res = await call(
      { url: 'file:///etc/passwd', timeout: 30001, max_inline_chars: 999, redact_pii: { mode: 'model' } },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const fields = res.body.error.details.map((detail: { field: string }) => detail.field).sort();
    expect(fields).toEqual(['max_inline_chars', 'redact_pii.mode', 'timeout', 'url']);
    const low = await call({ url: page('main'), timeout: 999 }, account.key);
    expect(low.status).toBe(400);
    expect(site.requests()).toBe(before);
    expect(await account.balance()).toBe(10);
  });
});

describe('extract_content definition', () => {
  it('prices 2 and applies the defaults of docs/reference/pages.md#extract_content', () => {
    expect(extractContentTool.price).toBe(2);
    expect(extractContentTool.basePrice).toBe(2);
    expect(extractContentTool.schema.parse({ url: 'https://example.com/' })).toEqual({
      url: 'https://example.com/',
      include_images: true,
      include_links: false,
      clean_html: true,
      extract_main_content: true,
      timeout: 10000,
      respect_robots: true,
      max_inline_chars: 40000,
      redact_pii: false,
    });
    expect(extractContentTool.schema.safeParse(extractContentTool.example).success).toBe(true);
  });

  it('keeps the counts, and the redaction block when there is one, beside a stored handle', () => {
    const data = {
      url: 'https://example.com/',
      content: 'x',
      content_length: 1,
      content_type: 'text' as const,
      title: null,
      author: null,
      publish_date: null,
      images: [],
      image_count: 0,
      links: [],
      link_count: 0,
    };
    const kept = {
      url: 'https://example.com/',
      content_length: 1,
      content_type: 'text',
      title: null,
      image_count: 0,
      link_count: 0,
    };
    expect(extractContentTool.keepWhenStored?.(data)).toEqual(kept);
    const redaction = { entities: {}, count: 0, mode: 'fast' as const };
    expect(extractContentTool.keepWhenStored?.({ ...data, redaction })).toEqual({ ...kept, redaction });
  });

  it('documents every field with a description and an example', () => {
    expectEveryFieldDocumented(extractContentTool.schema);
  });
});
