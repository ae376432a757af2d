import { ReadableStream } from 'node:stream/web';
import { Response } from 'undici';
import { describe, expect, it } from 'vitest';
import { readResponse } from '../../lib/fetch/capped-body.js';
import * as fetchPageModule from '../../lib/fetch/fetch-page.js';
import * as guardedRequestModule from '../../lib/fetch/guarded-request.js';

const URLS = { requestedUrl: 'https://x.test/', finalUrl: 'https://x.test/', redirects: [] };

/** A body delivered in chunks, so the cap is crossed mid-stream as on the wire. */
function chunked(chunks: string[], headers: Record<string, string>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(stream, { headers });
}

describe('readResponse (capped body)', () => {
  it('reads and decodes a text body under the cap', async () => {
    const page = await readResponse(
      chunked(['<p>caf', 'é</p>'], { 'content-type': 'text/html; charset=utf-8' }),
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
    const response = chunked(['a'.repeat(60), 'b'.repeat(60)], { 'content-type': 'text/plain' });
    await expect(readResponse(response, URLS, { maxBytes: 100 })).rejects.toMatchObject({
      code: 'RESPONSE_TOO_LARGE',
      status: 413,
    });
  });

  it('keeps the first maxBytes with overflow: truncate', async () => {
    const response = chunked(['a'.repeat(60), 'b'.repeat(60)], { 'content-type': 'text/plain' });
    const page = await readResponse(response, URLS, { maxBytes: 100, overflow: 'truncate' });
    expect(page.bytes).toBe(100);
    expect(page.body).toBe('a'.repeat(60) + 'b'.repeat(40));
  });

  it('refuses an oversized uncompressed body by its Content-Length before reading it', async () => {
    const response = new Response('x'.repeat(10), {
      headers: { 'content-type': 'text/plain', 'content-length': '500' },
    });
    await expect(readResponse(response, URLS, { maxBytes: 100 })).rejects.toMatchObject({
      code: 'RESPONSE_TOO_LARGE',
    });
  });

  it('does not read a declared binary', async () => {
    const page = await readResponse(chunked(['%PDF-1.7 ...'], { 'content-type': 'application/pdf' }), URLS, {
      maxBytes: 100,
    });
    expect(page).toMatchObject({ kind: 'binary', body: '', bytes: 0, mimeType: 'application/pdf' });
  });
});

describe('lib/fetch/fetch-page.js', () => {
  it('still exports the guarded request, so callers need not know it moved', () => {
    expect(fetchPageModule.guardedRequest).toBe(guardedRequestModule.guardedRequest);
    expect(fetchPageModule.retryAfterSeconds).toBe(guardedRequestModule.retryAfterSeconds);
    expect(fetchPageModule.MAX_REDIRECTS).toBe(guardedRequestModule.MAX_REDIRECTS);
  });
});
