import type { Database } from '../db/client.js';
import { storeResult } from './stored-results.js';

/**
 * A synchronous Lambda response is capped at 6 MB; past this many characters of result JSON the
 * result is stored and returned as a handle whatever `max_inline_chars` allows.
 */
export const LAMBDA_SAFE_INLINE_CHARS = 5_000_000;
const PREVIEW_CHARS = 1_000;

export interface InlineDecision {
  /** The result as JSON text, serialised once: the envelope is written around it. */
  json: string;
  warning?: string;
}

export async function inlineOrStore(
  db: Database,
  input: {
    accountId: string;
    tool: string;
    data: unknown;
    maxInlineChars: number | undefined;
    keep?: (data: unknown) => Record<string, unknown>;
    /** What counts against `max_inline_chars` when a tool's section says (else the whole JSON). */
    measure?: (data: unknown) => number;
  },
): Promise<InlineDecision> {
  const json = JSON.stringify(input.data) ?? 'null';
  const requested = input.maxInlineChars ?? LAMBDA_SAFE_INLINE_CHARS;
  const limit = Math.min(requested, LAMBDA_SAFE_INLINE_CHARS);
  const measured = input.measure ? input.measure(input.data) : json.length;
  // The Lambda response cap is about the whole JSON, whatever a tool measures.
  if (measured <= requested && json.length <= LAMBDA_SAFE_INLINE_CHARS) return { json };

  const { handle, expiresAt } = await storeResult(db, {
    accountId: input.accountId,
    tool: input.tool,
    json,
    totalChars: json.length,
  });
  const overLambdaCap = input.maxInlineChars === undefined || input.maxInlineChars > LAMBDA_SAFE_INLINE_CHARS;
  return {
    json: JSON.stringify({
      ...input.keep?.(input.data),
      preview: json.slice(0, Math.min(PREVIEW_CHARS, limit)),
      result_handle: handle,
      total_chars: json.length,
      truncated: true,
      expires_at: expiresAt.toISOString(),
    }),
    warning: overLambdaCap
      ? `Result of ${json.length} characters exceeds the ${LAMBDA_SAFE_INLINE_CHARS}-character response cap; stored as ${handle}, read it with read_result.`
      : undefined,
  };
}
