import type { Context } from 'hono';
import { ApiError, validationError } from '../errors/api-error.js';

/**
 * 4 MB: an API Gateway → Lambda request is capped at 6 MB after base64, which inflates by a third.
 * The same cap runs locally so the dev server refuses what production would.
 */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** Past this much of an over-long chunked body the connection is dropped rather than read, as a proxy would. */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;

/** Deeper than any tool's schema needs; stops a 10,000-deep array before JSON.stringify throws on it. */
const MAX_NESTING = 64;

function tooLarge(): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds ${MAX_REQUEST_BYTES} bytes.`);
}

/** The body's declared size, when it has one (a chunked body has none). */
function declaredLength(c: Context): number | undefined {
  const declared = c.req.header('content-length');
  if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return undefined;
  return Number(declared);
}

/** Refuses a body whose declared size is over the cap before anything else is done with the call. */
export function checkDeclaredSize(c: Context): void {
  if ((declaredLength(c) ?? 0) > MAX_REQUEST_BYTES) throw tooLarge();
}

/**
 * The body as text, never more than the cap held in memory. A body of declared size is read in one
 * piece (on Node the adapter's direct path, no web stream in between: that stream cost more than
 * the JSON parse on a 170 KB page); a chunked body is read piece by piece and refused as soon as it
 * passes the cap.
 */
export async function readText(c: Context): Promise<string> {
  if (declaredLength(c) !== undefined) {
    checkDeclaredSize(c);
    return c.req.text();
  }
  const stream = c.req.raw.body;
  if (!stream) return '';
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_REQUEST_BYTES) {
      await discardRest(reader);
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** A chunked body past the cap is read to its end and dropped, so the 413 reaches a client still writing. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let discarded = 0;
  while (discarded <= MAX_DISCARD_BYTES) {
    const { done, value } = await reader.read();
    if (done) return;
    discarded += value.byteLength;
  }
  await reader.cancel();
}

/**
 * Depth of the parsed value, walked without recursion. JSON.parse itself copes with any depth;
 * what does not is the JSON.stringify of a result that echoes such a value.
 */
function tooDeep(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_NESTING) return true;
    if (node === null || typeof node !== 'object') continue;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * The dotted path of the first string (or key) holding U+0000, or null. PostgreSQL refuses that
 * character in text and JSON, so a body carrying one would reach storage and fail there as a 500;
 * it is refused here instead, naming the field. Only walked when the raw text has the escape.
 */
function nulField(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\0')) return path || 'body';
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const entries = Array.isArray(node)
      ? node.map((child, index) => [String(index), child] as const)
      : Object.entries(node);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\0')) return childPath;
      stack.push([child, childPath]);
    }
  }
  return null;
}

/** An empty body is `{}`; anything else must be one JSON object. */
export async function readJsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await readText(c);
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw validationError('Request body is not valid JSON.', [
      { field: 'body', message: (error as Error).message },
    ]);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw validationError('Request body must be a JSON object.', [
      { field: 'body', message: 'expected an object' },
    ]);
  }
  if (tooDeep(parsed)) {
    throw validationError('Request body is nested too deeply.', [
      { field: 'body', message: `JSON nesting deeper than ${MAX_NESTING} levels` },
    ]);
  }
  const nul = text.includes('\\u0000') ? nulField(parsed) : null;
  if (nul) {
    throw validationError('Request body contains a NUL character (U+0000).', [
      { field: nul, message: 'must not contain the NUL character (U+0000)' },
    ]);
  }
  return parsed as Record<string, unknown>;
}
