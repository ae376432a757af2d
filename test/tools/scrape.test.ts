import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeTool } from '../../lib/tools/scrape/index.js';
import type { ToolSite } from '../support/tool-site.js';
import { documentedProperties } from './content-tool-support.js';
import { ARTICLE_PATH, NOTES_TEXT, pageFixture, startScrapeSite } from './scrape-site.js';

let site: ToolSite;
const url = (path: string) => site.url(path);

beforeAll(async () => {
  site = await startScrapeSite();
});
afterAll(() => site?.close());

async function scrape(body: Record<string, unknown>, credits = 100) {
  const account = await site.harness.account({ credits });
  const res = await site.harness.tool('scrape', body, account.key);
  return { res, account };
}

describe('scrape formats', () => {
  it('returns the main content as markdown by default, charging 2', async () => {
    const { res, account } = await scrape({ url: url(ARTICLE_PATH) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ credits_used: 2, credits_remaining: 98 });
    expect(res.body).not.toHaveProperty('warnings');
    expect(await account.balance()).toBe(98);

    const data = res.body.data;
    expect(Object.keys(data)).toEqual(['url', 'formats', 'escalated', 'stealth', 'scraped_at']);
    expect(data.url).toBe(url(ARTICLE_PATH));
    expect(Object.keys(data.formats)).toEqual(['markdown']);
    expect(data).toMatchObject({ escalated: false, stealth: null });
    expect(Date.now() - Date.parse(data.scraped_at)).toBeLessThan(60_000);

    const markdown: string = data.formats.markdown;
    expect(markdown).toMatch(/^Every request made by the Tern client is bounded by three timeouts\./);
    expect(markdown).toContain('```python\nfrom tern import Client, Timeout\n');
    expect(markdown).toContain('```typescript\nimport { createClient } from');
    expect(markdown).toContain('| connect | 5 s | opening the TCP connection and the TLS handshake |');
    // Relative links and images come out absolute.
    expect(markdown).toContain(`[retries guide](${url('/docs/guides/retries')})`);
    expect(markdown).toContain(`(${url('/docs/img/timeout-diagram.png')})`);
    for (const furniture of ['Sidebar promo', 'Footer:', 'Pricing', 'Streaming bodies']) {
      expect(markdown).not.toContain(furniture);
    }
  });

  it('covers the whole page with onlyMainContent: false', async () => {
    const { res } = await scrape({
      url: url(ARTICLE_PATH),
      formats: ['markdown', 'text'],
      onlyMainContent: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { markdown, text } = res.body.data.formats;
    for (const furniture of ['Sidebar promo', 'Footer:', `[Pricing](${url('/pricing')})`]) {
      expect(markdown).toContain(furniture);
    }
    expect(markdown).toContain('# Configuring timeouts in the Tern HTTP client');
    expect(text).toContain('Sidebar promo: upgrade to Tern Cloud');
    expect(text).toContain('Every request made by the Tern client');
  });

  it('returns every page format in the order asked, from one fetch', async () => {
    const before = site.connections();
    const { res } = await scrape({
      url: url(ARTICLE_PATH),
      formats: ['metadata', 'links', 'text', 'rawHtml', 'html', 'markdown'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { formats } = res.body.data;
    expect(Object.keys(formats)).toEqual(['metadata', 'links', 'text', 'rawHtml', 'html', 'markdown']);
    // One connection for robots.txt, one for the page.
    expect(site.connections() - before).toBeLessThanOrEqual(2);

    expect(formats.rawHtml).toBe(pageFixture('scrape-article.html'));

    expect(formats.html).toMatch(/^<article>/);
    expect(formats.html).toContain('<pre><code class="language-python">');
    expect(formats.html).toContain(`<img src="${url('/docs/img/timeout-diagram.png')}"`);
    expect(formats.html).toContain('<table>');
    expect(formats.html).not.toContain('Sidebar promo');
    expect(formats.html).not.toContain('<script');

    expect(formats.text).toMatch(/^Every request made by the Tern client/);
    expect(formats.text).not.toContain('](');
    expect(formats.text).not.toContain('Footer:');

    expect(formats.metadata).toMatchObject({
      title: 'Configuring timeouts in the Tern HTTP client',
      description:
        'How connect, read and total timeouts work in Tern, with examples in Python and TypeScript.',
      author: 'Priya Raman',
      canonical_url: url('/docs/guides/timeouts'),
      published_time: '2024-03-18T09:00:00Z',
      language: 'en',
    });

    // Links describe the whole page, furniture included, as docs/reference/pages.md#extract_links records.
    expect(formats.links).toContainEqual({
      href: url('/pricing'),
      text: 'Pricing',
      type: 'relative',
      domain: 'shop.test',
      rel: null,
      original_href: '/pricing',
      title: null,
    });
    expect(formats.links).toContainEqual(
      expect.objectContaining({
        href: 'https://github.com/tern-http/tern',
        type: 'external',
        domain: 'github.com',
      }),
    );
    const retries = formats.links.filter(
      (link: { href: string }) => link.href === url('/docs/guides/retries'),
    );
    expect(retries).toHaveLength(1);
  });

  it('reports the final URL after a redirect', async () => {
    const { res } = await scrape({ url: url('/moved'), formats: ['metadata'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.url).toBe(url(ARTICLE_PATH));
  });

  it('warns when the main content is empty, and returns the furniture with onlyMainContent: false', async () => {
    const { res } = await scrape({ url: url('/dashboard'), formats: ['markdown', 'links'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.formats.markdown).toBe('');
    expect(res.body.data.formats.links).toHaveLength(5);
    expect(res.body.warnings).toEqual([
      'The markdown is empty: no main content was found; onlyMainContent: false returns the whole page',
    ]);

    const whole = await scrape({ url: url('/dashboard'), onlyMainContent: false });
    expect(whole.res.status, JSON.stringify(whole.res.body)).toBe(200);
    expect(whole.res.body.data.formats.markdown).toContain(`[Sign in](${url('/login')})`);
    expect(whole.res.body).not.toHaveProperty('warnings');
  });

  it('returns a text body as its own markdown and text', async () => {
    const { res } = await scrape({
      url: url('/notes.txt'),
      formats: ['markdown', 'text', 'rawHtml', 'links'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.formats).toEqual({
      markdown: NOTES_TEXT,
      text: NOTES_TEXT,
      rawHtml: NOTES_TEXT,
      links: [],
    });
  });
});

describe('scrape redaction and oversized results', () => {
  it('redacts every format, keeps links whole and counts the hits', async () => {
    const { res } = await scrape({
      url: url(ARTICLE_PATH),
      formats: ['markdown', 'text', 'links'],
      redact_pii: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { formats, redaction } = res.body.data;
    expect(redaction).toEqual({ entities: { email: 2, phone: 2 }, count: 4, mode: 'fast' });
    expect(formats.markdown).toContain(
      'Write to [REDACTED_EMAIL] or call [REDACTED_PHONE] during office hours.',
    );
    expect(formats.text).toContain('[REDACTED_EMAIL]');
    expect(JSON.stringify(formats)).not.toMatch(/docs-team@|555 0134/);
    expect(formats.markdown).toContain(`(${url('/docs/guides/retries')})`);
    expect(formats.links).toContainEqual(expect.objectContaining({ href: url('/legal/privacy') }));
  });

  it('always carries the redaction block when asked, and never otherwise', async () => {
    const clean = await scrape({ url: url('/notes.txt'), redact_pii: { entities: ['email'] } });
    expect(clean.res.status, JSON.stringify(clean.res.body)).toBe(200);
    expect(clean.res.body.data.redaction).toEqual({ entities: {}, count: 0, mode: 'fast' });

    const off = await scrape({ url: url(ARTICLE_PATH) });
    expect(off.res.body.data).not.toHaveProperty('redaction');
    expect(off.res.body.data.formats.markdown).toContain('docs-team@tern.example');
  });

  it('refuses redact_pii mode model with 400, uncharged', async () => {
    const { res, account } = await scrape({ url: url(ARTICLE_PATH), redact_pii: { mode: 'model' } }, 10);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details[0].field).toBe('redact_pii.mode');
    expect(await account.balance()).toBe(10);
  });

  it('stores a result over max_inline_chars and answers with a handle, charged as usual', async () => {
    const { res, account } = await scrape({
      url: url(ARTICLE_PATH),
      formats: ['rawHtml', 'markdown'],
      max_inline_chars: 1000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ url: url(ARTICLE_PATH), escalated: false, stealth: null, truncated: true });
    expect(data.result_handle).toEqual(expect.any(String));
    expect(data.total_chars).toBeGreaterThan(pageFixture('scrape-article.html').length);
    expect(data.preview).toHaveLength(1000);
    expect(data).not.toHaveProperty('formats');
    expect(await account.balance()).toBe(98);
  });
});

describe('scrape definition', () => {
  it('documents every parameter and the format shapes in its self-description and OpenAPI path', async () => {
    const described = await site.harness.call('GET', '/api/v1/tools/scrape');
    expect(described.status, JSON.stringify(described.body)).toBe(200);
    expect(described.body.data).toMatchObject({ name: 'scrape', credits: 2, example: scrapeTool.example });
    const properties = described.body.data.request_schema.properties;
    expect(Object.keys(properties).sort()).toEqual(
      [
        'escalate',
        'escalate_engine',
        'formats',
        'max_inline_chars',
        'onlyMainContent',
        'redact_pii',
        'respect_robots',
        'timeout',
        'url',
      ].sort(),
    );
    expect(JSON.stringify(properties.formats)).toContain('"highlights"');
    for (const [name, property] of Object.entries(documentedProperties(scrapeTool.schema))) {
      expect(property.description, name).toEqual(expect.any(String));
      expect(property.example, name).toBeDefined();
    }
    expect(scrapeTool.schema.safeParse(scrapeTool.example).success).toBe(true);

    const openapi = await site.harness.call('GET', '/openapi.json');
    expect(openapi.body.paths['/api/v1/tools/scrape']?.post?.operationId).toBe('scrape');
  });

  it('prices 2, +1 for passages, with +5 more in the hold ceiling for escalate', () => {
    const price = scrapeTool.price as (input: unknown) => number;
    const ceiling = scrapeTool.holdCeiling as (input: unknown) => number;
    const parse = (body: Record<string, unknown>) =>
      scrapeTool.schema.parse({ url: 'https://example.com/', ...body });
    expect(scrapeTool.basePrice).toBe(2);
    expect(price(parse({}))).toBe(2);
    expect(price(parse({ formats: ['html', { type: 'highlights', query: 'x' }] }))).toBe(3);
    expect(price(parse({ formats: [{ type: 'question', question: 'why?' }], escalate: true }))).toBe(3);
    expect(ceiling(parse({ formats: [{ type: 'question', question: 'why?' }], escalate: true }))).toBe(8);
    expect(ceiling(parse({ escalate: true }))).toBe(7);
    expect(ceiling(parse({}))).toBe(2);
  });

  it('applies the documented defaults', () => {
    expect(scrapeTool.schema.parse({ url: 'https://example.com/' })).toEqual({
      url: 'https://example.com/',
      formats: ['markdown'],
      onlyMainContent: true,
      timeout: 15000,
      escalate: false,
      escalate_engine: 'engine_a',
      respect_robots: true,
      max_inline_chars: 40000,
      redact_pii: false,
    });
    const [highlights] = scrapeTool.schema.parse({
      url: 'https://example.com/',
      formats: [{ type: 'highlights', query: 'x' }],
    }).formats;
    expect(highlights).toEqual({ type: 'highlights', query: 'x', max_highlights: 10, mode: 'extractive' });
  });
});
