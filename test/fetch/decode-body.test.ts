import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody, encodingForLabel } from '../../lib/fetch/decode-body.js';
import { fetchPage } from '../../lib/fetch/fetch-page.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';
import { testFetchEnv } from './fetch-env.js';

// Hand-encoded, checked against TextDecoder: Node has no encoder for legacy charsets.
const NIHONGO_SJIS = [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]; // 日本語
const PRIVET_1251 = [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]; // Привет
const CAFE_LATIN1 = [0x63, 0x61, 0x66, 0xe9]; // café

function bytes(...parts: Array<string | number[]>): Uint8Array {
  return Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );
}

describe('decodeBody', () => {
  it('uses the Content-Type charset', () => {
    expect(decodeBody(bytes(NIHONGO_SJIS), 'html', 'Shift_JIS')).toEqual({
      text: '日本語',
      charset: 'shift_jis',
    });
    expect(decodeBody(bytes(PRIVET_1251), 'text', 'windows-1251')).toEqual({
      text: 'Привет',
      charset: 'windows-1251',
    });
  });

  it('decodes ISO-8859-1 as windows-1252, as browsers do', () => {
    expect(decodeBody(bytes(CAFE_LATIN1, [0x80]), 'html', 'ISO-8859-1')).toEqual({
      text: 'café€',
      charset: 'windows-1252',
    });
  });

  it('maps the whole windows-1252 C1 range, which Node 20 TextDecoder gets wrong', () => {
    const c1 = Array.from({ length: 32 }, (_, index) => 0x80 + index);
    expect(decodeBody(bytes(c1), 'text', 'windows-1252').text).toBe(
      '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ',
    );
    expect(decodeBody(bytes([0x93, 0x68, 0x69, 0x94]), 'html', null).text).toBe('“hi”');
  });

  it('reads <meta charset> and the http-equiv form when the header has none', () => {
    const meta = bytes('<html><head><meta charset="shift_jis"><title>', NIHONGO_SJIS, '</title>');
    expect(decodeBody(meta, 'html', null)).toMatchObject({ charset: 'shift_jis' });
    expect(decodeBody(meta, 'html', null).text).toContain('<title>日本語</title>');
    const httpEquiv = bytes(
      '<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=windows-1251"></HEAD><BODY>',
      PRIVET_1251,
    );
    expect(decodeBody(httpEquiv, 'html', null).text).toContain('<BODY>Привет');
  });

  it('ignores a meta tag inside a comment', () => {
    const page = bytes('<!-- <meta charset="shift_jis"> --><meta charset="windows-1251"><p>', PRIVET_1251);
    expect(decodeBody(page, 'html', null).charset).toBe('windows-1251');
  });

  it('reads the XML declaration', () => {
    const xml = bytes('<?xml version="1.0" encoding="windows-1251"?><title>', PRIVET_1251, '</title>');
    expect(decodeBody(xml, 'xml', null)).toEqual({
      text: '<?xml version="1.0" encoding="windows-1251"?><title>Привет</title>',
      charset: 'windows-1251',
    });
  });

  it('lets a byte order mark win over the header, and strips it', () => {
    const utf8 = bytes([0xef, 0xbb, 0xbf], Buffer.from('naïve', 'utf8').toString('latin1'));
    expect(decodeBody(utf8, 'html', 'windows-1252')).toEqual({ text: 'naïve', charset: 'utf-8' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>ünï</p>', 'utf16le')]);
    expect(decodeBody(utf16, 'html', null)).toEqual({ text: '<p>ünï</p>', charset: 'utf-16le' });
  });

  it('prefers the header over the document', () => {
    const page = bytes('<meta charset="shift_jis"><p>', PRIVET_1251);
    expect(decodeBody(page, 'html', 'windows-1251').charset).toBe('windows-1251');
  });

  it('reads UTF-8 bytes as UTF-8 under a Latin-1 header (a server default), and Latin-1 bytes as Latin-1', () => {
    const utf8Page = Buffer.from('<meta charset="utf-8"><p>Straße — “quoted”</p>');
    for (const label of ['ISO-8859-1', 'windows-1252', 'us-ascii']) {
      expect(decodeBody(utf8Page, 'html', label)).toEqual({
        text: '<meta charset="utf-8"><p>Straße — “quoted”</p>',
        charset: 'utf-8',
      });
    }
    expect(decodeBody(bytes('<p>', CAFE_LATIN1, '</p>'), 'html', 'ISO-8859-1').text).toBe('<p>café</p>');
    // Only Latin-1 labels give way: a page declared windows-1251 in the header stays so.
    expect(decodeBody(Buffer.from('<p>Привет</p>'), 'html', 'windows-1251').charset).toBe('windows-1251');
    // Plain ASCII reads the same either way; the header's name is kept.
    expect(decodeBody(bytes('<p>plain</p>'), 'html', 'ISO-8859-1').charset).toBe('windows-1252');
  });

  it('falls through an unknown label to the next source', () => {
    const page = bytes('<meta charset="windows-1251"><p>', PRIVET_1251);
    expect(decodeBody(page, 'html', 'no-such-charset').charset).toBe('windows-1251');
  });

  it('treats a meta claim of UTF-16 on ASCII-readable bytes as UTF-8', () => {
    expect(decodeBody(bytes('<meta charset="utf-16"><p>ok'), 'html', null).charset).toBe('utf-8');
  });

  it('falls back to UTF-8 for valid UTF-8 and windows-1252 otherwise', () => {
    expect(decodeBody(Buffer.from('<p>日本語</p>'), 'html', null)).toEqual({
      text: '<p>日本語</p>',
      charset: 'utf-8',
    });
    expect(decodeBody(bytes('<p>', CAFE_LATIN1, '</p>'), 'html', null)).toEqual({
      text: '<p>café</p>',
      charset: 'windows-1252',
    });
    expect(decodeBody(bytes(CAFE_LATIN1), 'text', null).charset).toBe('windows-1252');
  });

  it('reads JSON as UTF-8 unless told otherwise', () => {
    expect(decodeBody(Buffer.from('{"a":"ü"}'), 'json', null)).toEqual({
      text: '{"a":"ü"}',
      charset: 'utf-8',
    });
  });

  it('knows WHATWG labels and refuses the replacement encodings', () => {
    expect(encodingForLabel('SJIS')).toBe('shift_jis');
    expect(encodingForLabel(' latin1 ')).toBe('windows-1252');
    expect(encodingForLabel('iso-2022-kr')).toBeNull();
    expect(encodingForLabel('bogus')).toBeNull();
    expect(encodingForLabel(null)).toBeNull();
  });
});

describe('charsets through the fetcher', () => {
  let server: FixtureServer;
  const pages: Record<string, { headers: Record<string, string>; body: Uint8Array }> = {
    '/sjis': {
      headers: { 'content-type': 'text/html; charset=Shift_JIS' },
      body: bytes('<html><head><title>', NIHONGO_SJIS, '</title></head></html>'),
    },
    '/sjis-meta': {
      headers: { 'content-type': 'text/html' },
      body: bytes(
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">',
        NIHONGO_SJIS,
      ),
    },
    '/cp1251': {
      headers: { 'content-type': 'text/html' },
      body: bytes('<meta charset="windows-1251"><h1>', PRIVET_1251, '</h1>'),
    },
    '/latin1': { headers: { 'content-type': 'text/plain; charset="ISO-8859-1"' }, body: bytes(CAFE_LATIN1) },
    '/bom': {
      headers: { 'content-type': 'text/html; charset=iso-8859-1' },
      body: bytes([0xef, 0xbb, 0xbf], Buffer.from('<p>Grüße</p>', 'utf8').toString('latin1')),
    },
  };

  beforeAll(async () => {
    server = await startFixtureServer((req, res) => {
      const page = pages[req.url ?? ''];
      if (!page) {
        res.writeHead(404);
        res.end();
        return;
      }
      res.writeHead(200, page.headers);
      res.end(page.body);
    });
  });
  afterAll(() => server.close());

  async function fetchText(path: string) {
    return fetchPage(testFetchEnv(), server.url(path, 'site.test'), { timeoutMs: 5_000 });
  }

  it('decodes a Shift_JIS page declared in the header', async () => {
    const page = await fetchText('/sjis');
    expect(page).toMatchObject({ charset: 'shift_jis', kind: 'html' });
    expect(page.body).toContain('<title>日本語</title>');
  });

  it('decodes a Shift_JIS page declared by http-equiv', async () => {
    expect((await fetchText('/sjis-meta')).body).toContain('日本語');
  });

  it('decodes a windows-1251 page declared by <meta charset>', async () => {
    const page = await fetchText('/cp1251');
    expect(page).toMatchObject({ charset: 'windows-1251' });
    expect(page.body).toContain('<h1>Привет</h1>');
  });

  it('decodes an ISO-8859-1 header', async () => {
    expect(await fetchText('/latin1')).toMatchObject({ charset: 'windows-1252', body: 'café', kind: 'text' });
  });

  it('lets a UTF-8 BOM override a wrong header', async () => {
    expect(await fetchText('/bom')).toMatchObject({ charset: 'utf-8', body: '<p>Grüße</p>' });
  });
});
