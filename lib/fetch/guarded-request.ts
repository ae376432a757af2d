import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../errors/api-error.js';
import { type BodyLimits, discard, readResponse } from './capped-body.js';
import { type GuardedAgents, guardedAgentsFor } from './guarded-agent.js';
import type { FetchEnvironment, FetchedPage } from './types.js';
import { checkTarget, effectiveHostMap, parseTargetUrl } from './url-policy.js';

/**
 * One request, hop by hop: redirects are followed by hand so every Location passes the URL policy
 * (and the caller's `beforeRequest`) before it is fetched, and the connect-time address guard sees
 * every connection; one deadline covers every hop, the Retry-After wait and the body.
 */

export const MAX_REDIRECTS = 5;
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

export interface GuardedRequestOptions extends BodyLimits {
  /** Overall deadline: connect, every redirect, the Retry-After wait and the body. */
  timeoutMs: number;
  maxRedirects?: number;
  /** `throw` (default) answers 502 on one redirect too many; `return` hands back that 3xx (robots.txt: "unavailable"). */
  tooManyRedirects?: 'throw' | 'return';
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  userAgent?: string;
  signal?: AbortSignal;
  /** When set, a 429/503 whose Retry-After is at most this many seconds is waited out once. */
  retryAfterMaxSeconds?: number;
  /** Runs before each hop, once the URL passed the policy: fetchPage checks robots.txt here. */
  beforeRequest?: (url: URL, signal: AbortSignal) => Promise<void>;
}

export type GuardedResponse = Omit<FetchedPage, 'durationMs'>;

type RequestEnvironment = Pick<FetchEnvironment, 'config' | 'signal'>;

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
  const agents = guardedAgentsFor(effectiveHostMap(env.config), env.config.fetchExtraCa ?? []);
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
      const response = await send(current, {
        method,
        body,
        headers: requestHeaders(env, options),
        signal,
        agents,
      });
      const status = response.statusCode ?? 0;
      const location = headerValue(response, 'location');
      if (REDIRECT_STATUSES.has(status) && location !== null) {
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
        if (status === 303 || (method === 'POST' && status !== 307 && status !== 308)) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      if (options.retryAfterMaxSeconds !== undefined && (status === 429 || status === 503)) {
        const waitSeconds = retryAfterSeconds(headerValue(response, 'retry-after'));
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

/** One hop over Node's own client, through the guarded agents. Resolves when the headers arrive. */
function send(
  url: URL,
  init: {
    method: string;
    body: string | undefined;
    headers: Record<string, string>;
    signal: AbortSignal;
    agents: GuardedAgents;
  },
): Promise<IncomingMessage> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      url,
      {
        method: init.method,
        headers:
          init.body === undefined
            ? init.headers
            : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
        agent: secure ? init.agents.https : init.agents.http,
        signal: init.signal,
      },
      resolve,
    );
    request.once('error', reject);
    request.end(init.body);
  });
}

function headerValue(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
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

const timeoutCodes = new Set(['ETIMEDOUT']);
const dnsCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'ENODATA']);

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Node reports network trouble as an error with a `code` (ECONNREFUSED, ECONNRESET, a TLS code, an
 * HPE_ parser code). Anything without one is a bug and keeps its identity, so it surfaces as a 500.
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
  if (code === undefined) return error;
  if (code && timeoutCodes.has(code))
    return new ApiError('FETCH_TIMEOUT', `Fetching ${url.href} timed out`, { cause });
  if (code && dnsCodes.has(code)) {
    return new ApiError('FETCH_FAILED', `Could not resolve ${url.hostname}`, { cause: cause ?? error });
  }
  const why =
    code ?? (cause instanceof Error ? cause.message : error instanceof Error ? error.message : 'unknown');
  return new ApiError('FETCH_FAILED', `Could not fetch ${url.href}: ${why}`, { cause: cause ?? error });
}
