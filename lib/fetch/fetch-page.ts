import { setTimeout as sleep } from 'node:timers/promises';
import { fetch, type Response } from 'undici';
import { ApiError } from '../errors/api-error.js';
import { bodyKindOf, parseContentType, SNIFF_BYTES, sniffBodyKind } from './body-kind.js';
import { decodeBody } from './decode-body.js';
import { guardedDispatcherFor } from './guarded-dispatcher.js';
import { checkRobots } from './robots/index.js';
import type { RobotsFileFetcher } from './robots/types.js';
import {
  type BodyKind,
  type FetchEnvironment,
  type FetchedPage,
  type FetchOptions,
  MAX_BODY_BYTES,
} from './types.js';
import { checkTarget, effectiveHostMap, parseTargetUrl } from './url-policy.js';

/**
 * The one way the service reads a URL. Every hop of every request passes the URL policy, the
 * connect-time address guard and (for pages) robots.txt; one deadline covers connect, redirects,
 * retries and body; the body is counted after decompression so a gzip bomb stops at the cap.
 */

export const MAX_REDIRECTS = 5;
const DEFAULT_RETRY_AFTER_MAX_SECONDS = 10;
const ROBOTS_TIMEOUT_MS = 5_000;
/** RFC 9309 §2.5: a crawler must parse at least 500 KiB and may ignore what follows. */
const ROBOTS_MAX_BYTES = 500 * 1024;
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Headers a caller may not set: they belong to the connection or to how we decode the body.
const RESERVED_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'accept-encoding',
  'user-agent',
  'proxy-authorization',
  'proxy-connection',
]);

export interface GuardedRequestOptions {
  /** Overall deadline: connect, every redirect, the Retry-After wait and the body. */
  timeoutMs: number;
  /** Cap on decoded (decompressed) body bytes. */
  maxBytes: number;
  /** `throw` (default) answers 413 past the cap; `truncate` keeps the first `maxBytes` (robots.txt). */
  overflow?: 'throw' | 'truncate';
  maxRedirects?: number;
  /** `throw` (default) answers 502 on one redirect too many; `return` hands back that 3xx (robots.txt: "unavailable"). */
  tooManyRedirects?: 'throw' | 'return';
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  userAgent?: string;
  signal?: AbortSignal;
  /** Read the body as text whatever its Content-Type says (robots.txt served as octet-stream). */
  readAs?: 'auto' | 'text';
  /** When set, a 429/503 whose Retry-After is at most this many seconds is waited out once. */
  retryAfterMaxSeconds?: number;
  /** Runs before each hop, once the URL passed the policy: fetchPage checks robots.txt here. */
  beforeRequest?: (url: URL, signal: AbortSignal) => Promise<void>;
}

export type GuardedResponse = Omit<FetchedPage, 'durationMs'>;

type RequestEnvironment = Pick<FetchEnvironment, 'config' | 'signal'>;

export async function fetchPage(
  env: FetchEnvironment,
  url: string,
  options: FetchOptions,
): Promise<FetchedPage> {
  const started = performance.now();
  const page = await guardedRequest(env, url, {
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes ?? MAX_BODY_BYTES,
    headers: options.headers,
    userAgent: options.userAgent,
    retryAfterMaxSeconds: options.retryAfterMaxSeconds ?? DEFAULT_RETRY_AFTER_MAX_SECONDS,
    beforeRequest: robotsGate(env, options),
  });
  return { ...page, durationMs: Math.round(performance.now() - started) };
}

/**
 * Disallowed and respected: 403 before the hop. Disallowed and overridden: a warning and a record,
 * then the fetch. When the verdict is "disallow" only because robots.txt could not be fetched at
 * all (refused, DNS, timeout), the page is unreachable too: that error says more than a 403.
 */
function robotsGate(
  env: FetchEnvironment,
  options: FetchOptions,
): NonNullable<GuardedRequestOptions['beforeRequest']> {
  const token = env.config.ROBOTS_PRODUCT_TOKEN;
  // A Retry-After retry revisits the same URL: one verdict, one warning, one override record.
  const seen = new Set<string>();
  return async (url, signal) => {
    if (seen.has(url.href)) return;
    seen.add(url.href);
    let unreachable: ApiError | null = null;
    const fetchRobotsFile = robotsFileFetcher(env, options.userAgent, signal);
    const verdict = await checkRobots(
      // The page's signal stands in for env.signal: when the page deadline cuts the robots.txt fetch
      // short, the robots module sees that its caller gave up instead of caching "disallow all".
      { ...env, signal },
      url,
      async (robotsUrl) => {
        try {
          return await fetchRobotsFile(robotsUrl);
        } catch (error) {
          if (error instanceof ApiError && unreachableCodes.has(error.code)) unreachable = error;
          throw error;
        }
      },
    );
    if (verdict.allowed) return;
    if (options.respectRobots !== false) {
      throw unreachable ?? new ApiError('ROBOTS_DISALLOWED', `robots.txt disallows ${url.href} for ${token}`);
    }
    env.warn(`robots.txt disallows ${url.href} for ${token}; fetched because respect_robots is false`);
    await env.recordRobotsOverride(url.href);
  };
}

const unreachableCodes = new Set<string>(['FETCH_FAILED', 'FETCH_TIMEOUT']);

function robotsFileFetcher(
  env: FetchEnvironment,
  userAgent: string | undefined,
  signal: AbortSignal,
): RobotsFileFetcher {
  return async (robotsUrl) => {
    const response = await guardedRequest(env, robotsUrl, {
      timeoutMs: ROBOTS_TIMEOUT_MS,
      maxBytes: ROBOTS_MAX_BYTES,
      overflow: 'truncate',
      readAs: 'text',
      tooManyRedirects: 'return',
      userAgent,
      signal,
      headers: { accept: 'text/plain,*/*;q=0.5' },
    });
    return { status: response.status, body: response.body };
  };
}

/**
 * A guarded GET (or POST) with manual redirects and the body caps, without robots.txt: the
 * robots file itself and webhook deliveries go through here.
 */
export async function guardedRequest(
  env: RequestEnvironment,
  url: string | URL,
  options: GuardedRequestOptions,
): Promise<GuardedResponse> {
  let current = parseTargetUrl(url);
  const requestedUrl = current.href;
  const deadline = Date.now() + options.timeoutMs;
  const timeout = new AbortController();
  const timer = setTimeout(
    () =>
      timeout.abort(
        new ApiError('FETCH_TIMEOUT', `Fetching ${requestedUrl} took longer than ${options.timeoutMs} ms`),
      ),
    options.timeoutMs,
  );
  const signal = combineSignals(timeout.signal, env.signal, options.signal);
  const dispatcher = guardedDispatcherFor(effectiveHostMap(env.config));
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const redirects: string[] = [];
  let method = options.method ?? 'GET';
  let body = options.body;
  let retried = false;
  try {
    for (;;) {
      checkTarget(current, env.config);
      if (options.beforeRequest) {
        await options.beforeRequest(current, signal);
        signal.throwIfAborted();
      }
      const response = await fetch(current, {
        method,
        body,
        headers: requestHeaders(env, options),
        redirect: 'manual',
        signal,
        dispatcher,
      });
      const location = response.headers.get('location');
      if (REDIRECT_STATUSES.has(response.status) && location !== null) {
        if (redirects.length >= maxRedirects && options.tooManyRedirects === 'return') {
          return await readResponse(response, { requestedUrl, finalUrl: current.href, redirects }, options);
        }
        await discard(response);
        if (redirects.length >= maxRedirects) {
          throw new ApiError(
            'FETCH_FAILED',
            `too many redirects (more than ${maxRedirects}) starting at ${requestedUrl}`,
          );
        }
        current = resolveLocation(location, current);
        redirects.push(current.href);
        if (
          response.status === 303 ||
          (method === 'POST' && response.status !== 307 && response.status !== 308)
        ) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      if (
        options.retryAfterMaxSeconds !== undefined &&
        (response.status === 429 || response.status === 503)
      ) {
        const waitSeconds = retryAfterSeconds(response.headers.get('retry-after'));
        if (waitSeconds !== null) {
          await discard(response);
          const fits = Date.now() + waitSeconds * 1000 < deadline;
          if (retried || waitSeconds > options.retryAfterMaxSeconds || !fits)
            throw retryLater(current, waitSeconds);
          retried = true;
          await sleep(waitSeconds * 1000, undefined, { signal });
          continue;
        }
      }
      return await readResponse(response, { requestedUrl, finalUrl: current.href, redirects }, options);
    }
  } catch (error) {
    throw toApiError(error, signal, current);
  } finally {
    clearTimeout(timer);
  }
}

function combineSignals(...candidates: Array<AbortSignal | undefined>): AbortSignal {
  const signals = candidates.filter((signal): signal is AbortSignal => signal !== undefined);
  return signals.length === 1 ? signals[0] : AbortSignal.any(signals);
}

function requestHeaders(env: RequestEnvironment, options: GuardedRequestOptions): Record<string, string> {
  const headers: Record<string, string> = { accept: DEFAULT_ACCEPT };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    const lower = name.toLowerCase();
    if (!RESERVED_HEADERS.has(lower) && !lower.startsWith('proxy-')) headers[lower] = value;
  }
  headers['user-agent'] = options.userAgent ?? env.config.userAgent;
  headers['accept-encoding'] = 'gzip, deflate, br';
  return headers;
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new ApiError(
      'FETCH_FAILED',
      `Redirect from ${base.href} has an invalid Location: ${location.slice(0, 200)}`,
    );
  }
}

/** Retry-After as whole seconds from now (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // Every HTTP-date form starts with a day name; Date.parse alone would read "-5" as a year.
  const at = /^[a-z]{3}/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function retryLater(url: URL, seconds: number): ApiError {
  return new ApiError('TARGET_RETRY_LATER', `${url.host} asked to retry after ${seconds} s`, {
    headers: { 'Retry-After': String(seconds) },
  });
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

interface PageUrls {
  requestedUrl: string;
  finalUrl: string;
  redirects: string[];
}

async function readResponse(
  response: Response,
  urls: PageUrls,
  options: GuardedRequestOptions,
): Promise<GuardedResponse> {
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

const timeoutCodes = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const dnsCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'ENODATA']);

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function isUndiciFailure(error: unknown): boolean {
  return error instanceof TypeError && (error.message === 'fetch failed' || error.message === 'terminated');
}

/**
 * undici reports network trouble as `TypeError: fetch failed` (or `terminated` mid-body) with the
 * real reason in `cause`. Anything else is a bug and keeps its identity, so it surfaces as a 500.
 */
function toApiError(error: unknown, signal: AbortSignal, url: URL): unknown {
  if (error instanceof ApiError) return error;
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    if (reason instanceof ApiError) return reason;
    if (reason instanceof DOMException && reason.name === 'TimeoutError') {
      return new ApiError('FETCH_TIMEOUT', `Fetching ${url.href} ran out of time`, { cause: reason });
    }
    return new ApiError('FETCH_FAILED', `Fetching ${url.href} was aborted`, { cause: reason });
  }
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof ApiError) return cause;
  const code = errorCode(cause) ?? errorCode(error);
  if (code === undefined && !isUndiciFailure(error)) return error;
  if (code && timeoutCodes.has(code))
    return new ApiError('FETCH_TIMEOUT', `Fetching ${url.href} timed out`, { cause });
  if (code && dnsCodes.has(code)) {
    return new ApiError('FETCH_FAILED', `Could not resolve ${url.hostname}`, { cause: cause ?? error });
  }
  const why =
    code ?? (cause instanceof Error ? cause.message : error instanceof Error ? error.message : 'unknown');
  return new ApiError('FETCH_FAILED', `Could not fetch ${url.href}: ${why}`, { cause: cause ?? error });
}
