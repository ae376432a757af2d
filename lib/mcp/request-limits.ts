import type { Context } from 'hono';
import type { AppEnv } from '../app/env.js';
import { readText } from '../app/request-body.js';
import { ApiError } from '../errors/api-error.js';
import { checkRateLimit, rateLimitHeaders } from '../ratelimit/check-rate-limit.js';

/**
 * Messages one POST may carry as a JSON-RPC batch. One `tools/list` answer is about 110 KB, so an
 * unbounded batch of them was 5 KB in and 11 MB out; 20 keeps a batch useful and its answer small.
 */
export const MAX_MCP_BATCH = 20;

/** JSON-RPC's own codes: the MCP client reads these, not our REST envelope. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

function jsonRpcError(code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status: 400,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * The POST's JSON-RPC messages, read once under the REST body cap, or the JSON-RPC error that
 * refuses them (not JSON; a batch over MAX_MCP_BATCH).
 */
export async function readMcpMessages(
  c: Context<AppEnv>,
): Promise<{ body: unknown } | { refusal: Response }> {
  let body: unknown;
  try {
    body = JSON.parse(await readText(c));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    return { refusal: jsonRpcError(PARSE_ERROR, 'Parse error: the body is not JSON') };
  }
  if (Array.isArray(body) && body.length > MAX_MCP_BATCH) {
    return {
      refusal: jsonRpcError(
        INVALID_REQUEST,
        `Invalid Request: a batch holds at most ${MAX_MCP_BATCH} messages (this one has ${body.length})`,
      ),
    };
  }
  return { body };
}

/** Whether `message` spends from the key's rate when it arrives alone in a POST. */
function countsAlone(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return true;
  const { method, id } = message as { method?: unknown; id?: unknown };
  // A notification gets no answer and changes nothing on a stateless server; `initialize` is the
  // handshake every client opens with: counting them would leave a 1/s key no call of its own.
  return id !== undefined && method !== 'initialize';
}

function isToolCall(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { method?: unknown }).method === 'tools/call'
  );
}

/**
 * Messages count against the key's per-second rate like REST calls: `tools/list`, `ping`, every
 * other request, and in a batch every message whatever it is. A `tools/call` is counted once, by the
 * REST call it makes with the same key (counting it here as well would halve a key's tool rate over
 * MCP). Over the rate, the whole POST is refused with the REST 429 before any message is handled.
 */
export async function countMcpMessages(c: Context<AppEnv>, body: unknown): Promise<void> {
  const messages = Array.isArray(body) ? body : [body];
  const spending = Array.isArray(body) ? messages : messages.filter(countsAlone);
  const counted = spending.filter((message) => !isToolCall(message)).length;
  if (counted === 0) return;
  const { kv } = c.get('services');
  const caller = c.get('caller');
  const decisions = await Promise.all(
    Array.from({ length: counted }, () => checkRateLimit(kv, caller.apiKeyId, caller.account.plan)),
  );
  const refused = decisions.find((decision) => !decision.allowed);
  const last = refused ?? decisions[decisions.length - 1];
  const headers = rateLimitHeaders(last);
  if (refused) {
    throw new ApiError(
      'RATE_LIMIT_EXCEEDED',
      `Rate limit of ${refused.limit} requests per second exceeded for this API key (an MCP POST counts each of its messages).`,
      { headers: { ...headers, 'Retry-After': '60' } },
    );
  }
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
}
