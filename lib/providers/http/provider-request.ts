import { ProviderError } from './provider-error.js';

/**
 * One HTTP call to a third-party API. Provider base URLs come from the operator's configuration,
 * never from a caller, so this is plain `fetch` rather than the guarded page fetcher (which would
 * refuse the loopback fakes and a self-hosted SearXNG or Ollama on a private address).
 */
export interface ProviderRequest {
  /** The provider's display name, used in messages: `SearXNG`, `Brave Search`, ... */
  provider: string;
  url: URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** This call's own deadline; the caller's signal (the function budget) may end it sooner. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Sees the answer's status and headers before its body is read. */
  onResponse?: (status: number, headers: Headers) => void;
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  text: string;
}

/** No documented answer of these APIs comes near this; a larger body is a broken or hostile server. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export async function providerRequest(request: ProviderRequest): Promise<ProviderResponse> {
  const deadline = AbortSignal.timeout(Math.max(1, Math.round(request.timeoutMs)));
  const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
  const seconds = formatSeconds(request.timeoutMs);
  const timedOut = () =>
    new ProviderError(request.provider, 'timeout', `${request.provider} did not answer within ${seconds}`);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
      redirect: 'follow',
    });
  } catch (error) {
    if (signal.aborted) throw timedOut();
    throw new ProviderError(request.provider, 'unreachable', `${request.provider} could not be reached`, {
      cause: error,
    });
  }
  request.onResponse?.(response.status, response.headers);
  let text: string;
  try {
    text = await readCapped(response);
  } catch (error) {
    if (signal.aborted) throw timedOut();
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(request.provider, 'unreachable', `${request.provider} closed the connection`, {
      cause: error,
    });
  }
  return { status: response.status, headers: response.headers, json: parseJson(text), text };
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw new Error('provider response exceeds the size cap');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** A `Retry-After` in seconds (delta form; an HTTP date is turned into a delta). */
export function retryAfterHeader(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The call's timeout: the production budget, capped by PROVIDER_TIMEOUT_MS when set (tests). */
export function providerTimeout(productionMs: number, cap: number | undefined): number {
  return Math.round(cap === undefined ? productionMs : Math.min(productionMs, cap));
}

/** `base` + `path`, keeping any path prefix the base URL carries (`https://host/v1` + `/chat`). */
export function endpoint(base: string, path: string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return url;
}
