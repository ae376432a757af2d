import type { Response } from 'undici';
import { ApiError } from '../errors/api-error.js';
import { bodyKindOf, parseContentType, SNIFF_BYTES, sniffBodyKind } from './body-kind.js';
import { decodeBody } from './decode-body.js';
import type { BodyKind, FetchedPage } from './types.js';

/**
 * The body of a response, read under a cap on decoded (decompressed) bytes so a gzip bomb stops at
 * the cap. The deadline reaches here through the request's signal: when it aborts, undici errors the
 * stream mid-read and the caller turns that into FETCH_TIMEOUT.
 */

export interface BodyLimits {
  /** Cap on decoded (decompressed) body bytes. */
  maxBytes: number;
  /** `throw` (default) answers 413 past the cap; `truncate` keeps the first `maxBytes` (robots.txt). */
  overflow?: 'throw' | 'truncate';
  /** Read the body as text whatever its Content-Type says (robots.txt served as octet-stream). */
  readAs?: 'auto' | 'text';
}

export interface PageUrls {
  requestedUrl: string;
  finalUrl: string;
  redirects: string[];
}

export async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

export async function readResponse(
  response: Response,
  urls: PageUrls,
  options: BodyLimits,
): Promise<Omit<FetchedPage, 'durationMs'>> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const contentType = parseContentType(headers['content-type']);
  const base = { ...urls, status: response.status, headers, mimeType: contentType.mimeType };
  const binary = { ...base, charset: contentType.charset ?? '', kind: 'binary' as const, body: '' };

  const declaredKind: BodyKind | null = options.readAs === 'text' ? 'text' : bodyKindOf(contentType.mimeType);
  // Binaries go to process_document, which fetches them itself: reading them here is wasted time.
  if (declaredKind === 'binary') {
    await discard(response);
    return { ...binary, bytes: 0 };
  }
  const overflow = options.overflow ?? 'throw';
  // Without a content coding the declared length is the decoded length: refuse before reading.
  const declaredLength = Number(headers['content-length']);
  if (overflow === 'throw' && !headers['content-encoding'] && declaredLength > options.maxBytes) {
    await discard(response);
    throw tooLarge(options.maxBytes);
  }
  const body = new CappedBody(response, options.maxBytes, overflow);
  const kind = declaredKind ?? sniffBodyKind(await body.readAtLeast(SNIFF_BYTES));
  if (kind === 'binary') {
    await body.cancel();
    return { ...binary, bytes: body.total };
  }
  const bytes = await body.readAll();
  const decoded = decodeBody(bytes, kind, contentType.charset);
  return { ...base, charset: decoded.charset, kind, body: decoded.text, bytes: bytes.byteLength };
}

/** Reads a response body chunk by chunk, counting decoded bytes, and stops the transfer at the cap. */
class CappedBody {
  total = 0;
  private readonly chunks: Uint8Array[] = [];
  private readonly reader: ReadableStreamDefaultReader<Uint8Array> | null;
  private done: boolean;

  constructor(
    response: Response,
    private readonly maxBytes: number,
    private readonly overflow: 'throw' | 'truncate',
  ) {
    this.reader = response.body
      ? (response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>)
      : null;
    this.done = this.reader === null;
  }

  async readAtLeast(count: number): Promise<Uint8Array> {
    while (!this.done && this.total < count) await this.readChunk();
    return this.bytes();
  }

  async readAll(): Promise<Uint8Array> {
    while (!this.done) await this.readChunk();
    return this.bytes();
  }

  async cancel(): Promise<void> {
    this.done = true;
    await this.reader?.cancel().catch(() => {});
  }

  private bytes(): Uint8Array {
    return Buffer.concat(this.chunks, this.total);
  }

  private async readChunk(): Promise<void> {
    const { done, value } = await this.reader!.read();
    if (done) {
      this.done = true;
      return;
    }
    if (this.total + value.byteLength <= this.maxBytes) {
      this.chunks.push(value);
      this.total += value.byteLength;
      return;
    }
    if (this.overflow === 'truncate') {
      this.chunks.push(value.subarray(0, this.maxBytes - this.total));
      this.total = this.maxBytes;
      await this.cancel();
      return;
    }
    await this.cancel();
    throw tooLarge(this.maxBytes);
  }
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError('RESPONSE_TOO_LARGE', `Response body is larger than ${maxBytes} bytes`);
}
