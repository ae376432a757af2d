import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResponse } from '../../lib/fetch/capped-body.js';
import * as fetchPageModule from '../../lib/fetch/fetch-page.js';
import * as guardedRequestModule from '../../lib/fetch/guarded-request.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';

const URLS = { requestedUrl: 'https://x.test/', finalUrl: 'https://x.test/', redirects: [] };

/** What the next request to the fixture answers: headers, then the body in chunks as on the wire. */
let next: { headers: Record<string, string>; chunks: string[] } = { headers: {}, chunks: [] };
let server: FixtureServer;

beforeAll(async () => {
  server = await startFixtureServer(async (_req, res) => {
    res.writeHead(200, next.headers);
    for (const chunk of next.chunks) {
      res.write(chunk);
      await new Promise((resolve) => setImmediate(resolve));
    }
    res.end();
  });
});
afterAll(() => server.close());

function chunked(chunks: string[], headers: Record<string, string>): Promise<IncomingMessage> {
  next = { headers, chunks };
  return new Promise((resolve, reject) => get(server.url('/'), resolve).once('error', reject));
}

describe('readResponse (capped body)', () => {
  it('reads and decodes a text body under the cap', async () => {
    const page = await readResponse(
      await chunked(['<p>caf', 'é</p>'], { 'content-type': 'text/html; charset=utf-8' }),
      URLS,
      { maxBytes: 100 },
    );
    expect(page).toMatchObject({
      status: 200,
      kind: 'html',
      body: '<p>café</p>',
      bytes: 12,
      charset: 'utf-8',
    });
  });

  it('answers 413 once the decoded bytes pass the cap mid-stream', async () => {
    const response = await chunked(['a'.repeat(60), 'b'.repeat(60)], { 'content-type': 'text/plain' });
    await expect(readResponse(response, URLS, { maxBytes: 100 })).rejects.toMatchObject({
      code: 'RESPONSE_TOO_LARGE',
      status: 413,
    });
  });

  it('keeps the first maxBytes with overflow: truncate', async () => {
    const response = await chunked(['a'.repeat(60), 'b'.repeat(60)], { 'content-type': 'text/plain' });
    const page = await readResponse(response, URLS, { maxBytes: 100, overflow: 'truncate' });
    expect(page.bytes).toBe(100);
    expect(page.body).toBe('a'.repeat(60) + 'b'.repeat(40));
  });

  it('refuses an oversized uncompressed body by its Content-Length before reading it', async () => {
    const response = await chunked(['x'.repeat(500)], {
      'content-type': 'text/plain',
      'content-length': '500',
    });
    await expect(readResponse(response, URLS, { maxBytes: 100 })).rejects.toMatchObject({
      code: 'RESPONSE_TOO_LARGE',
    });
  });

  it('does not read a declared binary', async () => {
    const page = await readResponse(
      await chunked(['%PDF-1.7 ...'], { 'content-type': 'application/pdf' }),
      URLS,
      { maxBytes: 100 },
    );
    expect(page).toMatchObject({ kind: 'binary', body: '', bytes: 0, mimeType: 'application/pdf' });
  });

  it('keeps every Set-Cookie, one per line', async () => {
    next = { headers: {}, chunks: [] };
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      next = { headers: { 'content-type': 'text/plain' }, chunks: ['ok'] };
      get(server.url('/'), resolve).once('error', reject);
    });
    response.headers['set-cookie'] = ['a=1; Path=/', 'b=2; Path=/'];
    const page = await readResponse(response, URLS, { maxBytes: 100 });
    expect(page.headers['set-cookie']).toBe('a=1; Path=/\nb=2; Path=/');
  });
});

describe('lib/fetch/fetch-page.js', () => {
  it('still exports the guarded request, so callers need not know it moved', () => {
    expect(fetchPageModule.guardedRequest).toBe(guardedRequestModule.guardedRequest);
    expect(fetchPageModule.retryAfterSeconds).toBe(guardedRequestModule.retryAfterSeconds);
    expect(fetchPageModule.MAX_REDIRECTS).toBe(guardedRequestModule.MAX_REDIRECTS);
  });
});
