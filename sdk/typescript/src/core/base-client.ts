import type { ToolInfo, ToolSuccess } from '../generated/types.js';
import {
  APIConnectionError,
  APITimeoutError,
  type ApiError,
  errorFromResponse,
  RateLimitError,
  retryAfterMs,
  WebExtractionError,
} from './errors.js';
import { buildHttpCall, type HttpCall, type OperationSpec } from './operation.js';
import { readStoredResult, storedHandleOf } from './stored-results.js';

export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  /** How long the client waits before this retry. */
  delayMs: number;
  error: RateLimitError;
}

export interface RetryOptions {
  /** Retries after a 429; 0 turns retrying off. Default 2. */
  maxRetries: number;
  /**
   * Longest wait before a retry. The wait is the server's `Retry-After` (60 s for the plan's rate
   * limit) capped at this; without the header, 1 s doubling per attempt. Default 60 000.
   */
  maxDelayMs: number;
  /** Called before each wait, e.g. to log it. */
  onRetry?: (info: RetryInfo) => void;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Per attempt; default the client's `timeoutMs`. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  /**
   * When a result was too large to return inline (`data.truncated` with a `result_handle`), read it
   * back through `read_result` (1 credit per page read) and return the whole result as `data`;
   * `credits_used` then includes the reads.
   */
  resolveStoredResults?: boolean;
  headers?: Record<string, string>;
}

export interface ClientOptions {
  apiKey: string;
  /** The service origin, e.g. `http://localhost:8787` (a trailing `/api/v1` is accepted too). */
  baseUrl: string;
  /** Any WHATWG fetch: the runtime's own by default (Node 20+, browsers, edge runtimes). */
  fetch?: typeof globalThis.fetch;
  /** Per attempt. Default 90 000 ms: tools run in a ~30 s window, `agent` in ~50 s. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  /** Default for every call; see `RequestOptions.resolveStoredResults`. Default false. */
  resolveStoredResults?: boolean;
  /** Sent with every request. */
  headers?: Record<string, string>;
}

/** One entry of `GET /api/v1/tools`. */
export interface ToolListing {
  name: string;
  summary: string;
  credits: number;
  path: string;
}

const TOOLS_PATH = '/api/v1/tools';
const DEFAULT_TIMEOUT_MS = 90_000;
const DEFAULT_RETRY: RetryOptions = { maxRetries: 2, maxDelayMs: 60_000 };
const BACKOFF_BASE_MS = 1_000;

function toolSpec(name: string): OperationSpec {
  return {
    method: 'POST',
    path: `${TOOLS_PATH}/${encodeURIComponent(name)}`,
    pathParams: [],
    queryParams: [],
    body: 'fields',
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The transport under the generated methods: authentication, JSON, typed errors, the 429 retry and
 * the read-back of stored results. Uses nothing but `fetch`, `AbortSignal` and timers, so it runs in
 * Node 20+, browsers and edge runtimes alike.
 */
export class BaseClient {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #fetch: typeof globalThis.fetch;
  readonly #timeoutMs: number;
  readonly #retry: RetryOptions;
  readonly #resolveStoredResults: boolean;
  readonly #headers: Record<string, string>;

  constructor(options: ClientOptions) {
    if (!options?.apiKey) throw new WebExtractionError('apiKey is required.');
    if (!options.baseUrl) throw new WebExtractionError('baseUrl is required, e.g. http://localhost:8787.');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
    this.#apiKey = options.apiKey;
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') throw new WebExtractionError('No fetch implementation available.');
    // Bound so that a runtime's fetch is never called with the client as `this` (browsers refuse it).
    this.#fetch = (input, init) => fetchImpl(input, init);
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#resolveStoredResults = options.resolveStoredResults ?? false;
    this.#headers = { ...options.headers };
  }

  /**
   * Calls any operation of the API from its spec and flat arguments: what every generated method
   * does, and the way to reach an endpoint newer than this SDK.
   */
  async request<T>(
    operation: OperationSpec,
    args: Record<string, unknown> = {},
    options: RequestOptions = {},
  ): Promise<T> {
    const body = await this.#send(buildHttpCall(operation, args), options);
    const resolve = options.resolveStoredResults ?? this.#resolveStoredResults;
    const handle = resolve && operation.path !== toolSpec('read_result').path ? storedHandleOf(body) : null;
    if (!handle) return body as T;
    const success = body as ToolSuccess;
    const stored = await readStoredResult((input) => this.callTool('read_result', input, options), handle);
    return {
      ...success,
      data: stored.value,
      credits_used: success.credits_used + stored.creditsUsed,
      credits_remaining: stored.creditsRemaining,
    } as T;
  }

  /**
   * Runs a tool by name (POST /api/v1/tools/<name>); the generated per-tool methods call this with
   * the tool's typed answer as `T`.
   */
  callTool<T = ToolSuccess>(name: string, input: object = {}, options?: RequestOptions): Promise<T> {
    return this.request<T>(toolSpec(name), { ...input }, options);
  }

  /** A tool's free self-description: price, request JSON Schema and an example. No credits. */
  describeTool(name: string, options?: RequestOptions): Promise<ToolInfo> {
    return this.request<ToolInfo>({ ...toolSpec(name), method: 'GET', body: 'none' }, {}, options);
  }

  /** The catalog the server offers: every tool with its summary and base price. */
  listTools(options?: RequestOptions): Promise<{ success: true; data: ToolListing[] }> {
    return this.request(
      { method: 'GET', path: TOOLS_PATH, pathParams: [], queryParams: [], body: 'none' },
      {},
      options,
    );
  }

  async #send(call: HttpCall, options: RequestOptions): Promise<unknown> {
    const retry = { ...this.#retry, ...options.retry };
    for (let attempt = 0; ; attempt += 1) {
      const response = await this.#fetchOnce(call, options);
      const body = await readBody(response);
      if (response.ok) return body;
      const error: ApiError = errorFromResponse(response.status, response.headers, body);
      if (!(error instanceof RateLimitError) || attempt >= retry.maxRetries) throw error;
      const hinted = retryAfterMs(response.headers);
      const delayMs = Math.min(hinted ?? BACKOFF_BASE_MS * 2 ** attempt, retry.maxDelayMs);
      retry.onRetry?.({ attempt: attempt + 1, delayMs, error });
      await sleep(delayMs, options.signal);
    }
  }

  async #fetchOnce(call: HttpCall, options: RequestOptions): Promise<Response> {
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...this.#headers,
      ...options.headers,
      'X-API-Key': this.#apiKey,
    };
    const init: RequestInit = { method: call.method, headers, signal };
    if (call.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(call.body);
    }
    try {
      return await this.#fetch(`${this.baseUrl}${call.url}`, init);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (timeout.aborted) {
        throw new APITimeoutError(`No answer from ${call.method} ${call.url} within ${timeoutMs} ms.`, {
          cause: error,
        });
      }
      throw new APIConnectionError(`Could not reach ${this.baseUrl}: ${String(error)}`, { cause: error });
    }
  }
}
