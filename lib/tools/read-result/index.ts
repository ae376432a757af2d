import { z } from '@hono/zod-openapi';
import { ApiError, validationError } from '../../errors/api-error.js';
import { resolvePath } from '../../extract/embedded-state/path.js';
import { idField } from '../../id-format.js';
import { loadStoredResult } from '../../results/stored-results.js';
import { defineTool } from '../define.js';
import { readResultResult } from './result-schema.js';

const schema = z.object({
  result_handle: idField('res', 'a result_handle a response returned').openapi({
    description: 'The `result_handle` of an oversized result (kept 1 hour).',
    example: 'res_01J0ABCDEF',
  }),
  json_path: z.string().max(1000).optional().openapi({
    description:
      'Selects one value inside the stored result: dotted keys and array indexes (`formats.markdown`, `links[3].href`); a leading `$.` is accepted. Whole result when omitted.',
    example: 'formats.markdown',
  }),
  offset: z.number().int().min(0).default(0).openapi({
    description: 'Character offset into the selected value (its text, or its JSON when it is not a string).',
  }),
  max_chars: z.number().int().min(1_000).max(10_000_000).default(40_000).openapi({
    description: 'Characters returned per call; page on with `next_offset`.',
  }),
});

interface ReadResultData {
  result_handle: string;
  tool: string;
  json_path: string | null;
  total_chars: number;
  value_chars: number;
  expires_at: string;
  /** The selected value itself, when it fits in one call. */
  value?: unknown;
  /** One page of the selected value's text, when it does not. */
  content?: string;
  offset: number;
  returned_chars: number;
  truncated: boolean;
  next_offset: number | null;
}

function stripRoot(path: string): string {
  return path.replace(/^\$\.?/, '');
}

/**
 * Reads back a result stored because it was larger than `max_inline_chars`. A selected value
 * that fits comes back as `value`; a larger one comes back in `content` pages of `max_chars`.
 */
export const readResultTool = defineTool({
  name: 'read_result',
  kind: 'pages',
  summary: 'Read a stored oversized result, whole or by JSON path, in pages',
  description:
    'Results larger than `max_inline_chars` are stored for one hour and answered with a `result_handle`. This tool reads them back: select a value with `json_path`, page through long values with `offset` and `max_chars`. An unknown, expired or foreign handle is 404 RESULT_NOT_FOUND, uncharged.',
  price: 1,
  basePrice: 1,
  schema,
  result: readResultResult,
  example: { result_handle: 'res_01J0ABCDEF', json_path: 'formats.markdown' },
  async run(ctx, input): Promise<{ data: ReadResultData }> {
    const stored = await loadStoredResult(ctx.services.db, ctx.account.id, input.result_handle);
    if (!stored) {
      throw new ApiError(
        'RESULT_NOT_FOUND',
        `No stored result "${input.result_handle}": it expired, or it never existed.`,
      );
    }
    let selected: unknown = stored.result;
    const path = input.json_path ? stripRoot(input.json_path.trim()) : '';
    if (path !== '') {
      const resolved = resolvePath(stored.result, path);
      if (!resolved.found)
        throw validationError(resolved.message, [{ field: 'json_path', message: resolved.message }]);
      selected = resolved.value;
    }
    const text = typeof selected === 'string' ? selected : (JSON.stringify(selected) ?? 'null');
    const whole = input.offset === 0 && text.length <= input.max_chars;
    const end = Math.min(text.length, input.offset + input.max_chars);
    const base = {
      result_handle: stored.id,
      tool: stored.tool,
      json_path: input.json_path ?? null,
      total_chars: stored.totalChars,
      value_chars: text.length,
      expires_at: stored.expiresAt.toISOString(),
    };
    if (whole)
      return {
        data: {
          ...base,
          value: selected,
          offset: 0,
          returned_chars: text.length,
          truncated: false,
          next_offset: null,
        },
      };
    return {
      data: {
        ...base,
        content: text.slice(input.offset, end),
        offset: input.offset,
        returned_chars: Math.max(0, end - input.offset),
        truncated: end < text.length,
        next_offset: end < text.length ? end : null,
      },
    };
  },
});
