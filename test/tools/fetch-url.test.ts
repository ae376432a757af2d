import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUrlTool } from '../../lib/tools/fetch-url/index.js';
import { expectFetchRefused, expectRobotsOverridden } from '../support/fetch-expectations.js';
import type { Harness } from '../support/harness.js';
import { HTML, readFixture, respond, startToolSite, type ToolSite } from '../support/tool-site.js';
import { expectEveryFieldDocumented } from './content-tool-support.js';

let harness: Harness;
let site: ToolSite;
let echoed: IncomingHttpHeaders = {};
let echoes = 0;

const pageHtml = readFixture('pages/fetch-url-page.html');
/** "日本語のページ" in Shift_JIS. */
const SHIFT_JIS_TITLE = Buffer.from('93fa967b8cea82cc8379815b8357', 'hex');
const LATIN1_PAGE = '<html><body><p>Café crème brûlée</p></body></html>';
const WINDOWS_1252 = { 'content-type': 'text/html; charset=windows-1252' };
const at = (path: string) => site.url(path);
const call = (body: Record<string, unknown>, key: string) => harness.tool('fetch_url', body, key);

beforeAll(async () => {
  const servePage = respond(
    200,
    {
      'content-type': 'text/html; charset=utf-8',
      'set-cookie': ['session=abc; HttpOnly', 'tracking=1'],
      'X-Served-By': 'fixture-7',
    },
    pageHtml,
  );
  site = await startToolSite({
    host: 'raw.test',
    tools: [fetchUrlTool],
    routes: {
      '/page': servePage,
      '/private/page': servePage,
      '/moved': respond(302, { location: '/hop' }),
      // Absolute, so it is built once the site has its port.
      '/hop': (_req, res) => {
        res.writeHead(301, { location: at('/page') });
        res.end();
      },
      '/echo': (req, res) => {
        echoed = req.headers;
        echoes += 1;
        res.writeHead(200, HTML);
        res.end('<p>echo</p>');
      },
      '/latin1': respond(200, WINDOWS_1252, Buffer.from(LATIN1_PAGE, 'latin1')),
      '/shift-jis': respond(
        200,
        HTML,
        Buffer.concat([
          Buffer.from('<html><head><meta charset="Shift_JIS"><title>'),
          SHIFT_JIS_TITLE,
          Buffer.from('</title></head><body><p>'),
          SHIFT_JIS_TITLE,
          Buffer.from('</p></body></html>'),
        ]),
      ),
      '/long': respond(200, WINDOWS_1252, 'x'.repeat(2000)),
      '/notes.txt': respond(200, { 'content-type': 'text/plain' }, 'Line one.\nLine two.'),
      '/data.json': respond(200, { 'content-type': 'application/json' }, '{"ok":true}'),
      '/report.pdf': respond(200, { 'content-type': 'application/pdf' }, '%PDF-1.7\n'),
      '/broken': respond(
        500,
        HTML,
        '<h1>Internal error</h1><p>Something went wrong on our side, please try again later.</p>',
      ),
    },
  });
  harness = site.harness;
});
afterAll(() => site?.close());

describe('fetch_url', () => {
  it('returns the body as served with status, headers and provenance, charging 1', async () => {
    const account = await harness.account({ credits: 100 });
    const before = Date.now();
    const res = await call({ url: at('/page') }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: 1, credits_remaining: 99 });
    const data = res.body.data;
    expect(Object.keys(data)).toEqual([
      'url',
      'final_url',
      'status_code',
      'content_type',
      'charset',
      'bytes',
      'redirects',
      'headers',
      'content',
      'format',
      'fetched_at',
    ]);
    expect(data).toMatchObject({
      url: at('/page'),
      final_url: at('/page'),
      status_code: 200,
      content_type: 'text/html',
      charset: 'utf-8',
      bytes: Buffer.byteLength(pageHtml),
      redirects: [],
      content: pageHtml,
      format: 'html',
    });
    // Lower-cased, Set-Cookie left out.
    expect(data.headers['x-served-by']).toBe('fixture-7');
    expect(data.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Object.keys(data.headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(data.headers).not.toHaveProperty('set-cookie');
    expect(Date.parse(data.fetched_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await account.balance()).toBe(99);
  });

  it('returns the visible text, or markdown, of the whole page', async () => {
    const account = await harness.account({ credits: 100 });
    const text = await call({ url: at('/page'), format: 'text' }, account.key);
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    expect(text.body.data.format).toBe('text');
    expect(text.body.data.content).toBe(
      'Home\nFerry timetable\nBoats leave every 30 minutes. Call 555-201-4477 or write to desk@ferry.example.\nSee the fares.',
    );
    const markdown = await call({ url: at('/page'), format: 'markdown' }, account.key);
    expect(markdown.body.data.format).toBe('markdown');
    expect(markdown.body.data.content).toBe(
      [
        `[Home](${at('/')})`,
        '# Ferry timetable',
        'Boats leave every **30 minutes**. Call 555-201-4477 or write to [desk@ferry.example](mailto:desk@ferry.example).',
        `![Boat](${at('/img/boat.png')}) See the [fares](${at('/fares')}).`,
      ].join('\n\n'),
    );
  });

  it('follows redirects and lists each hop', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: at('/moved') }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      url: at('/moved'),
      final_url: at('/page'),
      redirects: [at('/hop'), at('/page')],
    });
  });

  it('decodes a windows-1252 body by its header and a Shift_JIS body by its <meta charset>', async () => {
    const account = await harness.account({ credits: 100 });
    const latin = await call({ url: at('/latin1'), format: 'text' }, account.key);
    expect(latin.status, JSON.stringify(latin.body)).toBe(200);
    expect(latin.body.data).toMatchObject({
      charset: 'windows-1252',
      content: 'Café crème brûlée',
      bytes: Buffer.from(LATIN1_PAGE, 'latin1').byteLength,
    });

    const japanese = await call({ url: at('/shift-jis') }, account.key);
    expect(japanese.status, JSON.stringify(japanese.body)).toBe(200);
    expect(japanese.body.data.charset).toBe('shift_jis');
    expect(japanese.body.data.content).toContain('<title>日本語のページ</title>');
    expect(japanese.body.data.content).toContain('<p>日本語のページ</p>');
  });

  it('returns a body that is not HTML as served in every format', async () => {
    const account = await harness.account({ credits: 100 });
    const notes = await call({ url: at('/notes.txt'), format: 'markdown' }, account.key);
    expect(notes.body.data).toMatchObject({ content: 'Line one.\nLine two.', content_type: 'text/plain' });
    const json = await call({ url: at('/data.json'), format: 'text' }, account.key);
    expect(json.body.data).toMatchObject({ content: '{"ok":true}', content_type: 'application/json' });
    expect(json.body.warnings).toEqual(['Response is JSON; returned as text']);
  });

  it('sends extra headers, User-Agent included', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call(
      {
        url: at('/echo'),
        headers: { 'Accept-Language': 'de-DE', Referer: 'https://example.com/', 'User-Agent': 'MyAgent/2.0' },
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(echoed['accept-language']).toBe('de-DE');
    expect(echoed.referer).toBe('https://example.com/');
    expect(echoed['user-agent']).toBe('MyAgent/2.0');

    await call({ url: at('/echo') }, account.key);
    expect(echoed['user-agent']).toMatch(/WebExtractBot/);
  });

  it('redacts PII in the content, never in URLs', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: at('/page'), format: 'markdown', redact_pii: true }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    // A mailto: address is the email itself; only scheme:// URLs are kept whole inside text.
    expect(data.content).toContain(
      'Call [REDACTED_PHONE] or write to [[REDACTED_EMAIL]](mailto:[REDACTED_EMAIL]).',
    );
    expect(data.content).toContain(`See the [fares](${at('/fares')})`);
    expect(data.url).toBe(at('/page'));
    expect(data.final_url).toBe(at('/page'));
    expect(data.redaction).toEqual({ entities: { email: 2, phone: 1 }, count: 3, mode: 'fast' });
  });

  it('stores a result over max_inline_chars, keeping provenance and the redaction block beside the handle', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: at('/long'), max_inline_chars: 1000, redact_pii: true }, account.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      url: at('/long'),
      final_url: at('/long'),
      status_code: 200,
      content_type: 'text/html',
      charset: 'windows-1252',
      bytes: 2000,
      format: 'html',
      truncated: true,
      result_handle: expect.any(String),
      redaction: { entities: {}, count: 0, mode: 'fast' },
    });
    expect(res.body.data).not.toHaveProperty('content');
  });

  it('fetches a disallowed page with respect_robots: false and says so', async () => {
    const account = await harness.account({ credits: 100 });
    const res = await call({ url: at('/private/page'), respect_robots: false }, account.key);
    expectRobotsOverridden(res);
  });
});

describe('fetch_url errors, all uncharged', () => {
  it('answers 403 for robots, 404 UPSTREAM_HTTP, 502 for a 500, 415 for a binary', async () => {
    const account = await harness.account({ credits: 10 });
    expectFetchRefused(await call({ url: at('/private/page') }, account.key), 'robots');
    expectFetchRefused(await call({ url: at('/missing') }, account.key), 'missing');

    const broken = await call({ url: at('/broken') }, account.key);
    expect(broken.status, JSON.stringify(broken.body)).toBe(502);
    expect(broken.body.error).toMatchObject({ code: 'UPSTREAM_HTTP', message: 'Target answered HTTP 500' });

    const pdf = await call({ url: at('/report.pdf') }, account.key);
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(415);
    expect(pdf.body.error.code).toBe('UNSUPPORTED_CONTENT_TYPE');
    expect(pdf.body.error.next_step).toBe('process_document');
    expect(await account.balance()).toBe(10);
  });

  it('answers 504 FETCH_TIMEOUT when the page outlasts timeout', async () => {
    const account = await harness.account({ credits: 10 });
    expectFetchRefused(await call({ url: at('/slow'), timeout: 1000 }, account.key), 'timeout');
    expect(await account.balance()).toBe(10);
  });

  it('refuses Host, connection headers, Accept-Encoding and credentials, before fetching', async () => {
    const account = await harness.account({ credits: 10 });
    const before = echoes;
    const res = await call(
      {
        url: at('/echo'),
        headers: {
          Host: 'internal.example',
          'Content-Length': '5',
          'Transfer-Encoding': 'chunked',
          'Accept-Encoding': 'identity',
          Cookie: 'session=1',
          authorization: 'Bearer x',
          'Proxy-Authorization': 'Basic x',
          'X-Fine': 'ok',
          'Bad Name': 'x',
          'X-Split': 'a\r\nInjected: 1',
        },
      },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const fields = res.body.error.details.map((detail: { field: string }) => detail.field).sort();
    expect(fields).toEqual([
      'headers.Accept-Encoding',
      'headers.Bad Name',
      'headers.Content-Length',
      'headers.Cookie',
      'headers.Host',
      'headers.Proxy-Authorization',
      'headers.Transfer-Encoding',
      'headers.X-Split',
      'headers.authorization',
    ]);
    const cookie = res.body.error.details.find(
      (detail: { field: string }) => detail.field === 'headers.Cookie',
    );
    expect(cookie.message).toMatch(/resend to every host a redirect leads to/);
    expect(echoes).toBe(before);
    expect(await account.balance()).toBe(10);
  });

  it('validates url, format, timeout and redact_pii', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await call(
      { url: 'ftp://example.com/', format: 'pdf', timeout: 500, redact_pii: { entities: ['passport'] } },
      account.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const fields = res.body.error.details.map((detail: { field: string }) => detail.field).sort();
    expect(fields).toEqual(['format', 'redact_pii.entities.0', 'timeout', 'url']);
    expect(await account.balance()).toBe(10);
  });
});

describe('fetch_url definition', () => {
  it('prices 1 with the documented defaults', () => {
    expect(fetchUrlTool.price).toBe(1);
    expect(fetchUrlTool.basePrice).toBe(1);
    expect(fetchUrlTool.schema.parse({ url: 'https://example.com/' })).toEqual({
      url: 'https://example.com/',
      format: 'html',
      timeout: 15000,
      respect_robots: true,
      max_inline_chars: 40000,
      redact_pii: false,
    });
    expect(fetchUrlTool.schema.safeParse(fetchUrlTool.example).success).toBe(true);
  });

  it('documents every field with a description and an example', () => {
    expectEveryFieldDocumented(fetchUrlTool.schema);
  });
});
