import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processDocumentTool } from '../../lib/tools/process-document/index.js';
import { readResultTool } from '../../lib/tools/read-result/index.js';
import { after, type Route, respond, startToolSite, type ToolSite } from '../support/tool-site.js';

const HOST = 'docs.test';
let site: ToolSite;

function documentFixture(name: string): Buffer {
  return readFileSync(new URL(`../fixtures/documents/${name}`, import.meta.url));
}

const PDF = { 'content-type': 'application/pdf' };
const serve = (name: string, headers: Record<string, string> = PDF): Route =>
  respond(200, headers, documentFixture(name));
const manyRows = `id,value\n${Array.from({ length: 1200 }, (_, i) => `${i + 1},${i * 3}`).join('\n')}\n`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  site = await startToolSite({
    host: HOST,
    tools: [processDocumentTool, readResultTool],
    routes: {
      '/reports/annual.pdf': serve('report.pdf'),
      '/download': serve('report.pdf', { 'content-type': 'application/octet-stream' }),
      '/reports/table.pdf': serve('table.pdf'),
      '/reports/berths.pdf': serve('tables-22.pdf'),
      '/reports/encrypted.pdf': serve('encrypted.pdf'),
      '/reports/corrupt.pdf': serve('corrupt.pdf'),
      '/reports/long.pdf': serve('long-210-pages.pdf'),
      '/reports/dense.pdf': serve('dense.pdf'),
      '/data/tonnage.csv': serve('tonnage.csv', { 'content-type': 'text/plain; charset=utf-8' }),
      '/data/rows.csv': respond(200, { 'content-type': 'text/csv' }, manyRows),
      '/notice.txt': serve('notice.txt', { 'content-type': 'text/plain; charset=utf-8' }),
      '/memo': serve('memo.docx', { 'content-type': 'application/octet-stream' }),
      '/logo.png': respond(200, { 'content-type': 'application/octet-stream' }, PNG),
      '/contact.txt': respond(
        200,
        { 'content-type': 'text/plain' },
        'Write to office@docs.test about permits.',
      ),
      '/page.html': respond(
        200,
        { 'content-type': 'text/html; charset=utf-8' },
        '<html><head><title>Port fees</title><meta name="description" content="Fees for 2026.">' +
          '<meta name="author" content="Port Office"></head><body><h1>Port fees</h1><p>Berth fees rise by 3 percent.</p>' +
          '<table><tr><td>Berth</td><td>40</td></tr></table></body></html>',
      ),
      '/private/plan.pdf': serve('report.pdf'),
      '/missing.pdf': respond(404, { 'content-type': 'text/html' }, '<h1>Not found</h1>'),
      '/slow.pdf': after(3000, serve('report.pdf')),
      '/declared-huge.pdf': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(26 * 1024 * 1024) });
        res.write('%PDF-1.7\n');
        // The body never comes: the size alone must refuse it.
      },
      '/streamed-huge.pdf': async (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        for (let i = 0; i < 27 && !res.destroyed; i++) {
          if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
        }
        res.end();
      },
    },
  });
});
afterAll(() => site?.close());

async function processDocument(body: Record<string, unknown>, credits = 20) {
  const account = await site.harness.account({ credits });
  const res = await site.harness.tool('process_document', body, account.key);
  return { res, balance: await account.balance(), account };
}

describe('process_document, PDF', () => {
  it('reads text, page counts and the metadata as embedded, for 2 credits', async () => {
    const { res, balance } = await processDocument({ url: site.url('/reports/annual.pdf') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      url: site.url('/reports/annual.pdf'),
      document_type: 'pdf',
      content_type: 'application/pdf',
      file_size: documentFixture('report.pdf').byteLength,
      page_count: 3,
      pages_read: { start: 1, end: 3, count: 3, total_pages: 3 },
      tables: null,
      images: null,
      notes: [],
      metadata: {
        title: 'Annual Harbour Report',
        author: 'Marta Lindqvist',
        subject: 'Harbour operations and outlook',
        creator: 'Harbour Authority Publishing',
        producer: 'Skia/PDF m156',
        creation_date: 'D:20240315093000Z',
        modification_date: 'D:20240402164510Z',
      },
    });
    expect(data.text).toMatch(/^Annual Harbour Report\n/);
    expect(data.text).toContain('The harbour authority handled a record number of vessels this year.');
    expect(data.text).toContain('Next year the authority expects steady growth');
    expect(data.text_length).toBe(data.text.length);
    expect(Date.parse(data.processed_at)).not.toBeNaN();
    expect(res.body.credits_used).toBe(2);
    expect(balance).toBe(18);
  });

  it('knows a PDF by its magic bytes when the server calls it octet-stream', async () => {
    const { res } = await processDocument({
      url: site.url('/download'),
      extract_text: false,
      extract_metadata: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      document_type: 'pdf',
      content_type: 'application/octet-stream',
      text: null,
      text_length: null,
      metadata: null,
      page_count: 3,
    });
  });

  it('finds tables from text positions', async () => {
    const { res } = await processDocument({ url: site.url('/reports/table.pdf'), extract_tables: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.tables).toEqual([
      {
        page: 1,
        rows: 5,
        columns: 4,
        data: [
          ['Terminal', 'Q1', 'Q2', 'Q3'],
          ['North Quay', '120', '134', '141'],
          ['East Basin', '98', '101', '110'],
          ['South Pier', '45', '52', '49'],
          ['West Dock', '77', '80', '85'],
        ],
      },
      {
        page: 1,
        rows: 3,
        columns: 3,
        data: [
          ['Team', 'Lead', 'Staff'],
          ['Pilots', 'A. Moreau', '14'],
          ['Harbour control', 'J. Okafor', '9'],
        ],
      },
    ]);
    expect(res.body.data.text).toContain('Staff on duty at the end of the year.');
  });

  it('returns at most 20 tables', async () => {
    const { res } = await processDocument({ url: site.url('/reports/berths.pdf'), extract_tables: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.tables).toHaveLength(20);
    expect(res.body.data.tables[19].data).toEqual([
      ['Vessel', 'Arrives'],
      ['Ship 20A', '09:00'],
    ]);
    expect(res.body.data.notes).toEqual(['Only the first 20 tables are returned']);
  });

  it('answers 500 TOOL_ERROR for an encrypted or a corrupt PDF, uncharged', async () => {
    const encrypted = await processDocument({ url: site.url('/reports/encrypted.pdf') });
    expect(encrypted.res.status, JSON.stringify(encrypted.res.body)).toBe(500);
    expect(encrypted.res.body.error).toMatchObject({
      code: 'TOOL_ERROR',
      message: 'The PDF is encrypted with a password; it cannot be read',
    });
    expect(encrypted.balance).toBe(20);
    const corrupt = await processDocument({ url: site.url('/reports/corrupt.pdf') });
    expect(corrupt.res.status, JSON.stringify(corrupt.res.body)).toBe(500);
    expect(corrupt.res.body.error.code).toBe('TOOL_ERROR');
    expect(corrupt.res.body.error.message).toMatch(/^The PDF is corrupt or unreadable/);
    expect(corrupt.balance).toBe(20);
    const notPdf = await processDocument({ url: site.url('/notice.txt'), document_type: 'pdf' });
    expect(notPdf.res.status).toBe(500);
    expect(notPdf.res.body.error.code).toBe('TOOL_ERROR');
  });

  it('reads the first 200 pages of a longer PDF', async () => {
    const { res } = await processDocument({
      url: site.url('/reports/long.pdf'),
      extract_metadata: false,
      max_inline_chars: 1_000_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.page_count).toBe(210);
    expect(res.body.data.pages_read).toEqual({ start: 1, end: 200, count: 200, total_pages: 210 });
    expect(res.body.data.text).toContain('Register page 200:');
    expect(res.body.data.text).not.toContain('Register page 201:');
    expect(res.body.data.notes).toEqual(['Only the first 200 of 210 pages were read']);
  });

  it('stops the text at 200,000 characters, and stores the oversized result for read_result', async () => {
    const { res, account } = await processDocument({
      url: site.url('/reports/dense.pdf'),
      max_inline_chars: 10_000_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.text_length).toBe(200_000);
    expect(data.pages_read.end).toBeLessThan(55);
    expect(data.pages_read.count).toBe(data.pages_read.end);
    expect(data.notes).toEqual([`Text stops at 200,000 characters, on page ${data.pages_read.end}`]);

    const stored = await site.harness.tool(
      'process_document',
      { url: site.url('/reports/dense.pdf') },
      account.key,
    );
    expect(stored.status).toBe(200);
    expect(stored.body.data).toMatchObject({ document_type: 'pdf', text_length: 200_000, truncated: true });
    const read = await site.harness.tool(
      'read_result',
      { result_handle: stored.body.data.result_handle, json_path: 'text_length' },
      account.key,
    );
    expect(read.body.data.value).toBe(200_000);
  });
});

describe('process_document, other types', () => {
  it('reads a CSV served as text/plain by its extension, as text and one table', async () => {
    const { res } = await processDocument({ url: site.url('/data/tonnage.csv'), extract_tables: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      document_type: 'csv',
      page_count: null,
      pages_read: null,
      metadata: null,
      text: documentFixture('tonnage.csv').toString('utf8'),
    });
    expect(res.body.data.tables).toEqual([
      {
        page: null,
        rows: 5,
        columns: 4,
        data: [
          ['terminal', 'operator', 'tonnes', 'notes'],
          ['North Quay', 'Lindqvist, M.', '120400', 'steady'],
          ['East Basin', 'Okafor & Sons', '98250', 'closed two days for "dredging"'],
          ['South Pier', 'Harbour Authority', '45100', 'new crane\nin service from June'],
          ['West Dock', 'Moreau Freight', '77800', ''],
        ],
      },
    ]);
  });

  it('keeps 1,000 rows of a longer CSV', async () => {
    const { res } = await processDocument({
      url: site.url('/data/rows.csv'),
      extract_tables: true,
      extract_text: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.tables[0]).toMatchObject({ rows: 1000, columns: 2 });
    expect(res.body.data.tables[0].data).toHaveLength(1000);
    expect(res.body.data.notes).toEqual(['The CSV has 1201 rows; the first 1000 are in the table']);
  });

  it('reads plain text in its charset, and HTML with its metadata and a note about tables', async () => {
    const text = await processDocument({ url: site.url('/notice.txt') });
    expect(text.res.status, JSON.stringify(text.res.body)).toBe(200);
    expect(text.res.body.data).toMatchObject({
      document_type: 'txt',
      content_type: 'text/plain',
      metadata: null,
    });
    expect(text.res.body.data.text).toContain('Skärgård leaves at 07:15');
    expect(text.res.body.data.text).toContain('12 € for adults');

    const html = await processDocument({ url: site.url('/page.html'), extract_tables: true });
    expect(html.res.status, JSON.stringify(html.res.body)).toBe(200);
    expect(html.res.body.data).toMatchObject({
      document_type: 'html',
      metadata: { title: 'Port fees', description: 'Fees for 2026.', author: 'Port Office' },
      tables: [],
      notes: [
        'Tables of HTML pages are not extracted here: use scrape (markdown keeps them) or scrape_structured',
      ],
    });
    expect(html.res.body.data.text).toContain('Berth fees rise by 3 percent.');
  });

  it('answers extract_images with images: null and a note', async () => {
    const { res } = await processDocument({ url: site.url('/notice.txt'), extract_images: true });
    expect(res.status).toBe(200);
    expect(res.body.data.images).toBeNull();
    expect(res.body.data.notes).toEqual([
      'Images are not extracted by the hosted service (images: null); the self-hosted MCP server returns them',
    ]);
  });

  it('redacts PII on request', async () => {
    const { res } = await processDocument({ url: site.url('/contact.txt'), redact_pii: true });
    expect(res.status).toBe(200);
    expect(res.body.data.text).toBe('Write to [REDACTED_EMAIL] about permits.');
    expect(res.body.data.redaction).toMatchObject({ count: 1, mode: 'fast' });
  });

  it('accepts docx and xlsx, then answers 501; images and other binaries too; all uncharged', async () => {
    const before = site.hits('/memo');
    for (const document_type of ['docx', 'xlsx']) {
      const { res, balance } = await processDocument({ url: site.url('/memo'), document_type });
      expect(res.status, JSON.stringify(res.body)).toBe(501);
      expect(res.body.error.code).toBe('UNSUPPORTED_DOCUMENT_TYPE');
      expect(balance).toBe(20);
    }
    expect(site.hits('/memo')).toBe(before);
    const detected = await processDocument({ url: site.url('/memo') });
    expect(detected.res.status, JSON.stringify(detected.res.body)).toBe(501);
    expect(detected.res.body.error.message).toMatch(
      /^docx documents are read only by the self-hosted server/,
    );
    const image = await processDocument({ url: site.url('/logo.png') });
    expect(image.res.status).toBe(501);
    expect(image.res.body.error.message).toMatch(/is a PNG image/);
    expect(image.balance).toBe(20);
  });
});

describe('process_document, fetching', () => {
  it('refuses a document over 25 MB from its Content-Length, and while streaming one without it', async () => {
    for (const path of ['/declared-huge.pdf', '/streamed-huge.pdf']) {
      const { res, balance } = await processDocument({ url: site.url(path) });
      expect(res.status, JSON.stringify(res.body)).toBe(413);
      expect(res.body.error.code).toBe('DOCUMENT_TOO_LARGE');
      expect(balance).toBe(20);
    }
  });

  it('answers 502 DOCUMENT_FETCH_ERROR for a target error, 403 for robots.txt, 504 past the timeout', async () => {
    const missing = await processDocument({ url: site.url('/missing.pdf') });
    expect(missing.res.status).toBe(502);
    expect(missing.res.body.error).toMatchObject({
      code: 'DOCUMENT_FETCH_ERROR',
      message: 'Target answered HTTP 404',
    });
    const robots = await processDocument({ url: site.url('/private/plan.pdf') });
    expect(robots.res.status).toBe(403);
    expect(robots.res.body.error.code).toBe('ROBOTS_DISALLOWED');
    const late = await processDocument({ url: site.url('/slow.pdf'), timeout: 1000 });
    expect(late.res.status, JSON.stringify(late.res.body)).toBe(504);
    expect(late.res.body.error.code).toBe('FETCH_TIMEOUT');
    for (const answer of [missing, robots, late]) expect(answer.balance).toBe(20);
  });

  it('validates document_type and timeout bounds before fetching', async () => {
    const { res, balance } = await processDocument({
      url: site.url('/reports/annual.pdf'),
      document_type: 'rtf',
      timeout: 60_001,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'document_type',
      'timeout',
    ]);
    expect(balance).toBe(20);
  });
});
