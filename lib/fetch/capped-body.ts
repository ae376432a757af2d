import type { IncomingMessage } from 'node:http';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import {
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
  type Inflate,
} from 'node:zlib';
import { ApiError } from '../errors/api-error.js';
import { bodyKindOf, parseContentType, SNIFF_BYTES, sniffBodyKind } from './body-kind.js';
import { decodeBody } from './decode-body.js';
import type { BodyKind, FetchedPage } from './types.js';

/**
 * The body of a response, decompressed and read under a cap on decoded bytes so a gzip bomb stops at
 * the cap. The deadline reaches here through the request's signal: when it aborts, the stream errors
 * mid-read and the caller turns that into FETCH_TIMEOUT.
 */

export interface BodyLimits {
  /** Cap on decoded (decompressed) body bytes. */
  maxBytes: number;
  /** `throw` (default) answers 413 past the cap; `truncate` keeps the first `maxBytes` (robots.txt). */
  overflow?: 'throw' | 'truncate';
  /**
   * `text`: read the body as text whatever its Content-Type says (robots.txt served as octet-stream).
   * `bytes`: read it whole, binaries included, and return it undecoded in `raw`.
   */
  readAs?: 'auto' | 'text' | 'bytes';
}

export interface PageUrls {
  requestedUrl: string;
  finalUrl: string;
  redirects: string[];
}

/** Drops a body nobody will read: the connection goes with it rather than reading it to the end. */
export async function discard(response: IncomingMessage): Promise<void> {
  response.destroy();
}

/** Header names lower-case, repeated headers joined (Set-Cookie one per line, as cookie parsers read them). */
function flatHeaders(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : value;
  }
  return headers;
}

/** The decoded body stream for the content codings the response names, applied in reverse order. */
function decodedStream(response: IncomingMessage, contentEncoding: string | undefined): Readable {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  let stream: Readable = response;
  for (const coding of codings.reverse()) {
    const decoder =
      coding === 'gzip' || coding === 'x-gzip'
        ? createGunzip()
        : coding === 'br'
          ? createBrotliDecompress()
          : coding === 'deflate'
            ? new DeflateDecoder()
            : null;
    if (!decoder)
      throw new ApiError('FETCH_FAILED', `Response uses an unsupported content coding: ${coding}`);
    stream.once('error', (error) => decoder.destroy(error));
    stream = stream.pipe(decoder);
  }
  return stream;
}

/**
 * "deflate" is meant to be zlib-wrapped, yet some servers send it raw: the first bytes decide (a
 * zlib header's low nibble is 8 and its first two bytes read as a multiple of 31).
 */
class DeflateDecoder extends Transform {
  private inner: Inflate | null = null;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (!this.inner) {
      const zlib = (chunk[0] & 0x0f) === 8 && ((chunk[0] << 8) | (chunk[1] ?? 0)) % 31 === 0;
      this.inner = zlib ? createInflate() : createInflateRaw();
      this.inner.on('data', (data: Buffer) => this.push(data));
      this.inner.on('error', (error) => this.destroy(error));
    }
    if (this.inner.write(chunk)) done();
    else this.inner.once('drain', () => done());
  }

  override _flush(done: TransformCallback): void {
    if (!this.inner) {
      done();
      return;
    }
    this.inner.once('end', () => done());
    this.inner.end();
  }
}

export async function readResponse(
  response: IncomingMessage,
  urls: PageUrls,
  options: BodyLimits,
): Promise<Omit<FetchedPage, 'durationMs'>> {
  const headers = flatHeaders(response);
  const contentType = parseContentType(headers['content-type']);
  const base = { ...urls, status: response.statusCode ?? 0, headers, mimeType: contentType.mimeType };
  const binary = { ...base, charset: contentType.charset ?? '', kind: 'binary' as const, body: '' };

  const declaredKind: BodyKind | null = options.readAs === 'text' ? 'text' : bodyKindOf(contentType.mimeType);
  if (options.readAs === 'bytes') return readRaw(response, base, declaredKind, options);
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
  const body = new CappedBody(
    response,
    decodedStream(response, headers['content-encoding']),
    options.maxBytes,
    overflow,
  );
  const kind = declaredKind ?? sniffBodyKind(await body.readAtLeast(SNIFF_BYTES));
  if (kind === 'binary') {
    await body.cancel();
    return { ...binary, bytes: body.total };
  }
  const bytes = await body.readAll();
  const decoded = decodeBody(bytes, kind, contentType.charset);
  return { ...base, charset: decoded.charset, kind, body: decoded.text, bytes: bytes.byteLength };
}

/** The whole body, content coding removed but otherwise as sent: documents and gzip sitemaps. */
async function readRaw(
  response: IncomingMessage,
  base: Omit<FetchedPage, 'charset' | 'kind' | 'body' | 'bytes' | 'durationMs'>,
  declaredKind: BodyKind | null,
  options: BodyLimits,
): Promise<Omit<FetchedPage, 'durationMs'>> {
  const { headers } = base;
  const declaredLength = Number(headers['content-length']);
  if (!headers['content-encoding'] && declaredLength > options.maxBytes) {
    await discard(response);
    throw tooLarge(options.maxBytes);
  }
  const body = new CappedBody(
    response,
    decodedStream(response, headers['content-encoding']),
    options.maxBytes,
    options.overflow ?? 'throw',
  );
  const raw = await body.readAll();
  const charset = parseContentType(headers['content-type']).charset ?? '';
  const kind = declaredKind ?? sniffBodyKind(raw.subarray(0, SNIFF_BYTES));
  return { ...base, charset, kind, body: '', bytes: raw.byteLength, raw };
}

/** Reads a decoded body chunk by chunk, counting decoded bytes, and stops the transfer at the cap. */
class CappedBody {
  total = 0;
  private readonly chunks: Uint8Array[] = [];
  private readonly chunksIn: AsyncIterator<Buffer>;
  private done = false;

  constructor(
    private readonly response: IncomingMessage,
    private readonly stream: Readable,
    private readonly maxBytes: number,
    private readonly overflow: 'throw' | 'truncate',
  ) {
    this.chunksIn = stream[Symbol.asyncIterator]();
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
    this.stream.destroy();
    this.response.destroy();
  }

  private bytes(): Uint8Array {
    return Buffer.concat(this.chunks, this.total);
  }

  private async readChunk(): Promise<void> {
    const { done, value } = await this.chunksIn.next();
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
