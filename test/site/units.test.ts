import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crawlableUrl, crawlKey, looksLikePage, siteScope } from '../../lib/crawl/crawl-url.js';
import { sitemapLines } from '../../lib/crawl/robots-file.js';
import { parseSitemap, sitemapText } from '../../lib/crawl/sitemap-xml.js';
import { detectDelimiter } from '../../lib/documents/csv.js';
import { groupLines } from '../../lib/documents/pdf/lines.js';
import { capTableRows, findTables } from '../../lib/documents/pdf/tables.js';
import { detectDocumentType } from '../../lib/documents/sniff.js';
import { pathFilter } from '../../lib/tools/crawl-deep/path-patterns.js';
import { apiKind } from '../../lib/tools/generate-llms-txt/api-endpoints.js';

describe('sitemaps', () => {
  it('reads prefixed XML, the text form, and refuses anything else', () => {
    const prefixed =
      '<?xml version="1.0"?><sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      '<sm:sitemap><sm:loc> https://a.test/one.xml </sm:loc></sm:sitemap></sm:sitemapindex>';
    expect(parseSitemap(prefixed)).toEqual({ kind: 'index', locations: ['https://a.test/one.xml'] });
    expect(parseSitemap('\uFEFFhttps://a.test/x\nnot a url\nhttps://a.test/y\n')).toEqual({
      kind: 'text',
      locations: ['https://a.test/x', 'https://a.test/y'],
    });
    expect(parseSitemap('<html><body>Not found</body></html>').kind).toBe('unknown');
  });

  it('inflates gzip by its magic number and stops a gzip bomb at 50 MB', () => {
    expect(sitemapText(gzipSync('<urlset/>'))).toBe('<urlset/>');
    expect(sitemapText(gzipSync(Buffer.alloc(60 * 1024 * 1024, 0x20)))).toBe('');
  });

  it('takes Sitemap lines from robots.txt, resolved and deduplicated', () => {
    const robots =
      'User-agent: *\nDisallow: /x\nSitemap: /a.xml\nsitemap:https://b.test/b.xml\nSitemap: /a.xml\nSitemap: ftp://c/x';
    expect(sitemapLines(robots, 'https://a.test')).toEqual(['https://a.test/a.xml', 'https://b.test/b.xml']);
  });
});

describe('crawl URLs', () => {
  it('drops fragments, treats a trailing slash as the same page and skips files', () => {
    expect(crawlableUrl('/a#top', 'https://A.test:443/')).toBe('https://a.test/a');
    expect(crawlableUrl('mailto:x@a.test', 'https://a.test/')).toBeNull();
    expect(crawlKey('https://a.test/docs/')).toBe(crawlKey('https://a.test/docs'));
    expect(looksLikePage('https://a.test/report.PDF')).toBe(false);
    expect(looksLikePage('https://a.test/v1.2/guide')).toBe(true);
    const scope = siteScope('https://www.a.test/', { includeSubdomains: true });
    expect([scope('https://a.test/x'), scope('https://docs.a.test/'), scope('https://b.test/')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('matches include and exclude paths as robots.txt patterns, in linear time', () => {
    const filter = pathFilter(['/docs/*', 'blog'], ['*.pdf$']);
    expect(filter('https://a.test/docs/intro')).toBe(true);
    expect(filter('https://a.test/blog/post')).toBe(true);
    expect(filter('https://a.test/docs/guide.pdf')).toBe(false);
    expect(filter('https://a.test/about')).toBe(false);
    const started = performance.now();
    pathFilter([`/${'*a'.repeat(40)}b`], [])(`https://a.test/${'a'.repeat(5000)}`);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('document types', () => {
  const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
  it.each([
    [
      'PDF bytes under octet-stream',
      'application/octet-stream',
      'https://a.test/get?id=1',
      '%PDF-1.7\n',
      'pdf',
    ],
    ['a CSV served as text/plain', 'text/plain', 'https://a.test/data.csv', 'a,b\n1,2\n', 'csv'],
    ['plain text', 'text/plain', 'https://a.test/readme', 'hello', 'txt'],
    ['HTML without a type', null, 'https://a.test/', '<!doctype html><p>x</p>', 'html'],
    [
      'an xlsx by its MIME type',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'https://a.test/f',
      'PK',
      'xlsx',
    ],
  ])('%s', (_name, mimeType, url, body, type) => {
    expect(detectDocumentType({ mimeType, url, bytes: bytes(body) })).toEqual({ type });
  });

  it('calls images and unknown binaries unsupported', () => {
    expect(
      detectDocumentType({ mimeType: 'image/png', url: 'https://a.test/x', bytes: bytes('\x89PNG') }),
    ).toEqual({
      type: 'unsupported',
      what: 'a PNG image',
    });
    expect(
      detectDocumentType({ mimeType: null, url: 'https://a.test/x', bytes: bytes('\x00\x01\x02') }).type,
    ).toBe('unsupported');
  });

  it('detects the CSV delimiter outside quotes', () => {
    expect(detectDelimiter('"a,b";c;d\n1;2;3')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('single')).toBe(',');
  });
});

describe('API endpoints', () => {
  it.each([
    ['https://a.test/openapi.json', 'openapi'],
    ['https://a.test/api-docs/', 'openapi'],
    ['https://a.test/graphql', 'graphql'],
    ['https://api.a.test/things', 'rest'],
    ['https://a.test/v2/users', 'rest'],
    ['https://a.test/blog/apis-we-love', null],
  ])('%s is %s', (url, kind) => {
    expect(apiKind(url)).toBe(kind);
  });
});

describe('PDF tables from positions', () => {
  const cell = (text: string, x: number, y: number) => ({ text, x, y, width: text.length * 6, fontSize: 12 });
  it('finds a grid, ignores single-cell lines, and keeps at most 1,000 rows', () => {
    const items = [cell('Intro paragraph that is no table.', 40, 800)];
    for (let row = 0; row < 1005; row++) {
      items.push(cell(`name ${row}`, 40, 780 - row * 15), cell(String(row), 200, 780 - row * 15));
    }
    const [table] = findTables(groupLines(items), 1);
    expect(table).toMatchObject({ page: 1, rows: 1005, columns: 2 });
    expect(table.data[0]).toEqual(['name 0', '0']);
    const notes: string[] = [];
    const capped = capTableRows(table, notes);
    expect(capped.rows).toBe(1000);
    expect(capped.data).toHaveLength(1000);
    expect(notes).toEqual(['A table on page 1 has 1005 rows; the first 1000 are returned']);
  });

  it('does not call two cells in one column a table', () => {
    const lines = groupLines([
      cell('a long header', 40, 700),
      cell('b', 200, 700),
      cell('c', 40, 685),
      cell('d', 80, 685),
      cell('e', 200, 685),
    ]);
    expect(findTables(lines, 1)).toEqual([]);
  });
});
