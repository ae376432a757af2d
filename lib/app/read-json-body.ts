import type { Context } from 'hono';
import { validationError } from '../errors/api-error.js';

/** Deeper than any tool's schema needs; stops a 10,000-deep array before JSON.stringify throws on it. */
const MAX_NESTING = 64;

function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92 /* \ */) i += 1;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 /* { */ || char === 91 /* [ */) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > MAX_NESTING) return deepest;
    } else if (char === 125 /* } */ || char === 93 /* ] */) depth -= 1;
  }
  return deepest;
}

/** An empty body is `{}`; anything else must be one JSON object. */
export async function readJsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (nestingDepth(text) > MAX_NESTING) {
    throw validationError('Request body is nested too deeply.', [
      { field: 'body', message: `JSON nesting deeper than ${MAX_NESTING} levels` },
    ]);
  }
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
  return parsed as Record<string, unknown>;
}
