import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BaseClient } from '../../sdk/typescript/src/core/base-client.js';
import {
  APIConnectionError,
  APITimeoutError,
  ApiError as SdkApiError,
} from '../../sdk/typescript/src/core/errors.js';
import type { Database } from '../db/client.js';
import { inlineOrStore } from '../results/inline-or-store.js';
import type { McpToolEntry } from './catalog.js';

/**
 * Largest result, in characters of JSON, an MCP answer carries: the REST default `max_inline_chars`,
 * about 10,000 tokens, where agent hosts start warning about tool output. A larger result is stored
 * (1 hour) and the answer carries its `preview` and `result_handle`, readable with `read_result`.
 */
export const MCP_RESULT_CAP_CHARS = 40_000;

/**
 * A tool call's REST request gets the rest of the function window: API Gateway's HTTP API cuts an
 * integration at 30 s, so an answer is still sent (as MCP_UPSTREAM_TIMEOUT) before it does.
 */
export const DISPATCH_TIMEOUT_MS = 29_000;

export interface McpCallContext {
  /** The caller's own key: every call is a REST request made with it. */
  apiKey: string;
  accountId: string;
  /** Where REST requests go, and how: the app itself in process, or `fetch` to the API's origin. */
  origin: string;
  dispatch: typeof globalThis.fetch;
  db: Database;
  /** Default DISPATCH_TIMEOUT_MS. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

function textResult(payload: unknown, isError: boolean, requestId: string | null): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(payload) }],
    ...(isError ? { isError: true } : {}),
    ...(requestId ? { _meta: { request_id: requestId } } : {}),
  };
}

function errorResult(
  status: number,
  error: Record<string, unknown>,
  requestId: string | null,
  retryAfter?: string,
) {
  return textResult(
    {
      error,
      status,
      ...(requestId ? { request_id: requestId } : {}),
      ...(retryAfter ? { retry_after: Number(retryAfter) } : {}),
    },
    true,
    requestId,
  );
}

/**
 * `read_result` is how an agent reads what the cap stored: its pages are held to the cap through its
 * own `max_chars` instead, and its answer is never stored again (that would hand back a new handle
 * for every page read).
 */
const READ_RESULT = 'read_result';

function capped(args: Record<string, unknown>, field: string, warnings: string[]) {
  const asked = args[field];
  if (asked === undefined) return { ...args, [field]: MCP_RESULT_CAP_CHARS };
  if (typeof asked === 'number' && asked > MCP_RESULT_CAP_CHARS) {
    warnings.push(`${field} lowered from ${asked} to the MCP cap of ${MCP_RESULT_CAP_CHARS}.`);
    return { ...args, [field]: MCP_RESULT_CAP_CHARS };
  }
  return args;
}

/** The caller's arguments, with the tool's own size parameter kept within the MCP cap. */
function cappedArguments(entry: McpToolEntry, args: Record<string, unknown>, warnings: string[]) {
  if (entry.name === READ_RESULT) return capped(args, 'max_chars', warnings);
  return entry.acceptsMaxInlineChars ? capped(args, 'max_inline_chars', warnings) : args;
}

function missingPathParams(entry: McpToolEntry, args: Record<string, unknown>): string[] {
  return entry.operation.pathParams.filter(
    (name) => args[name] === undefined || args[name] === null || args[name] === '',
  );
}

/**
 * One `tools/call`: a REST request carrying the caller's key through the same app and middleware
 * chain as any other (auth, rate limit, validation, credit hold, settle), so it is metered, limited
 * and charged exactly like REST. Error envelopes become MCP tool errors (`isError`) with the same
 * code, message, details and status; results over the cap are stored and answered with a handle.
 */
export async function callTool(
  entry: McpToolEntry,
  args: Record<string, unknown>,
  context: McpCallContext,
): Promise<CallToolResult> {
  const missing = missingPathParams(entry, args);
  if (missing.length > 0) {
    return errorResult(
      400,
      {
        code: 'VALIDATION_ERROR',
        message: `Missing required argument${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`,
        details: missing.map((field) => ({ field, message: 'Required' })),
      },
      null,
    );
  }
  const warnings: string[] = [];
  let requestId: string | null = null;
  const client = new BaseClient({
    apiKey: context.apiKey,
    baseUrl: context.origin,
    timeoutMs: context.timeoutMs ?? DISPATCH_TIMEOUT_MS,
    // An agent decides for itself whether to wait out a 429: it gets the error and Retry-After.
    retry: { maxRetries: 0 },
    fetch: async (input, init) => {
      const response = await context.dispatch(input, init);
      requestId = response.headers.get('x-request-id');
      return response;
    },
  });
  let body: Record<string, unknown>;
  try {
    body = await client.request<Record<string, unknown>>(
      entry.operation,
      cappedArguments(entry, args, warnings),
      { signal: context.signal },
    );
  } catch (error) {
    if (error instanceof SdkApiError) {
      const envelope = (error.body as { error?: Record<string, unknown> } | null)?.error;
      return errorResult(
        error.status,
        envelope ?? { code: error.code, message: error.message },
        error.requestId,
        error.headers.get('retry-after') ?? undefined,
      );
    }
    if (error instanceof APITimeoutError) {
      return errorResult(
        504,
        { code: 'MCP_UPSTREAM_TIMEOUT', message: 'The call did not finish in time.' },
        requestId,
      );
    }
    if (error instanceof APIConnectionError) {
      return errorResult(
        500,
        { code: 'INTERNAL_ERROR', message: 'The API could not be reached.' },
        requestId,
      );
    }
    throw error;
  }

  const { success: _success, ...payload } = body ?? {};
  const oversized = payload.data !== undefined && JSON.stringify(payload.data).length > MCP_RESULT_CAP_CHARS;
  if (oversized && entry.name !== READ_RESULT) {
    const stored = await inlineOrStore(context.db, {
      accountId: context.accountId,
      tool: entry.name,
      data: payload.data,
      maxInlineChars: MCP_RESULT_CAP_CHARS,
    });
    payload.data = JSON.parse(stored.json);
    warnings.push(
      `The result exceeds ${MCP_RESULT_CAP_CHARS} characters: stored, read it with read_result and result_handle.`,
    );
  }
  if (warnings.length > 0) {
    payload.warnings = [...((payload.warnings as string[] | undefined) ?? []), ...warnings];
  }
  // The text stays for hosts that read only text; structuredContent is what outputSchema describes.
  return {
    ...textResult(payload, false, requestId),
    ...(entry.outputSchema ? { structuredContent: payload } : {}),
  };
}
