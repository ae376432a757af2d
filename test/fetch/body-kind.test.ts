import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyKindOf, parseContentType, sniffBodyKind } from '../../lib/fetch/body-kind.js';
import { fetchPage } from '../../lib/fetch/fetch-page.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';
import { testFetchEnv } from './fetch-env.js';

describe('parseContentType', () => {
  it('splits type and charset, lower-casing the type', () => {
    expect(parseContentType('Text/HTML; Charset="UTF-8"')).toEqual({
      mimeType: 'text/html',
      charset: 'UTF-8',
    });
    expect(parseContentType('application/json')).toEqual({ mimeType: 'application/json', charset: null });
    expect(parseContentType('text/html; boundary=x; charset=koi8-r')).toEqual({
      mimeType: 'text/html',
      charset: 'koi8-r',
    });
  });

  it('treats an absent or malformed header as no type', () => {
    expect(parseContentType(undefined)).toEqual({ mimeType: null, charset: null });
    expect(parseContentType('')).toEqual({ mimeType: null, charset: null });
    expect(parseContentType('garbage')).toEqual({ mimeType: null, charset: null });
  });
});

describe('bodyKindOf', () => {
  it.each([
    ['text/html', 'html'],
    ['application/xhtml+xml', 'html'],
    ['text/xml', 'xml'],
    ['application/xml', 'xml'],
    ['application/rss+xml', 'xml'],
    ['application/atom+xml', 'xml'],
    ['text/plain', 'text'],
    ['text/csv', 'text'],
    ['text/markdown', 'text'],
    ['application/json', 'json'],
    ['application/ld+json', 'json'],
    ['application/problem+json', 'json'],
    ['application/pdf', 'binary'],
    ['application/octet-stream', 'binary'],
    ['application/zip', 'binary'],
    ['image/png', 'binary'],
    ['video/mp4', 'binary'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'binary'],
  ])('%s is %s', (mimeType, kind) => {
    expect(bodyKindOf(mimeType)).toBe(kind);
  });

  it('leaves an undeclared type to sniffing', () => {
    expect(bodyKindOf(null)).toBeNull();
  });
});

describe('sniffBodyKind', () => {
  it('reads text as HTML', () => {
    expect(sniffBodyKind(Buffer.from('<p>hello</p>'))).toBe('html');
    expect(sniffBodyKind(Buffer.from('plain words\r\n\tindented'))).toBe('html');
    expect(sniffBodyKind(new Uint8Array(0))).toBe('html');
  });

  it('recognises binary signatures and control bytes', () => {
    expect(sniffBodyKind(Buffer.from('%PDF-1.7\n'))).toBe('binary');
    expect(sniffBodyKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe('binary');
    expect(sniffBodyKind(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe('binary');
    expect(sniffBodyKind(Buffer.from('text\u0000with nul'))).toBe('binary');
  });
});

describe('kinds through the fetcher', () => {
  let server: FixtureServer;
  const closedEarly = new Set<string>();

  function largeBinary(res: ServerResponse, path: string, headers: Record<string, string>, head: string) {
    res.writeHead(200, headers);
    res.on('close', () => {
      if (!res.writableFinished) closedEarly.add(path);
    });
    res.write(head);
    const chunk = Buffer.alloc(64 * 1024, 7);
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) {
        // fill the socket buffer; the client should stop reading long before the end
      }
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  }

  beforeAll(async () => {
    server = await startFixtureServer((req, res) => {
      switch (req.url) {
        case '/data.json':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"name":"Zoë"}');
          return;
        case '/doc.pdf':
          largeBinary(res, '/doc.pdf', { 'content-type': 'application/pdf' }, '%PDF-1.7\n');
          return;
        case '/untyped':
          res.writeHead(200);
          res.end('<html><body>no type</body></html>');
          return;
        case '/untyped.pdf':
          largeBinary(res, '/untyped.pdf', {}, '%PDF-1.4\n');
          return;
        case '/feed':
          res.writeHead(200, { 'content-type': 'application/rss+xml' });
          res.end('<?xml version="1.0"?><rss/>');
          return;
        case '/page.xhtml':
          res.writeHead(200, { 'content-type': 'application/xhtml+xml; charset=utf-8' });
          res.end('<html xmlns="http://www.w3.org/1999/xhtml"/>');
          return;
        default:
          res.writeHead(404);
          res.end();
      }
    });
  });
  afterAll(() => server.close());

  const fetchKind = (path: string) =>
    fetchPage(testFetchEnv(), server.url(path, 'site.test'), { timeoutMs: 5_000, respectRobots: false });

  it('returns JSON as text of kind json', async () => {
    expect(await fetchKind('/data.json')).toMatchObject({
      kind: 'json',
      mimeType: 'application/json',
      body: '{"name":"Zoë"}',
    });
  });

  it('does not read a declared binary', async () => {
    const page = await fetchKind('/doc.pdf');
    expect(page).toMatchObject({
      kind: 'binary',
      mimeType: 'application/pdf',
      body: '',
      bytes: 0,
      status: 200,
    });
    await expect.poll(() => closedEarly.has('/doc.pdf')).toBe(true);
  });

  it('reads a body without Content-Type as HTML', async () => {
    expect(await fetchKind('/untyped')).toMatchObject({
      kind: 'html',
      mimeType: null,
      body: '<html><body>no type</body></html>',
    });
  });

  it('sniffs an untyped binary from its first bytes and stops there', async () => {
    const page = await fetchKind('/untyped.pdf');
    expect(page).toMatchObject({ kind: 'binary', mimeType: null, body: '' });
    expect(page.bytes).toBeLessThan(1024 * 1024);
    await expect.poll(() => closedEarly.has('/untyped.pdf')).toBe(true);
  });

  it('reads XML feeds as xml and XHTML as html', async () => {
    expect((await fetchKind('/feed')).kind).toBe('xml');
    expect((await fetchKind('/page.xhtml')).kind).toBe('html');
  });
});
