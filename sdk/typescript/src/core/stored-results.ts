import type { StoredResult as StoredResultHandle, ToolSuccess } from '../generated/types.js';

/**
 * Characters per `read_result` page. The page's JSON travels inside the envelope again, escaped,
 * and a hosted response must stay under its ~5 M-character cap (Lambda's 6 MB), so 2 M leaves room
 * for a text made of nothing but quotes.
 */
export const READ_PAGE_CHARS = 2_000_000;

/** The `result_handle` of a success whose result was stored instead of returned inline. */
export function storedHandleOf(body: unknown): string | null {
  const data = (body as { data?: unknown } | null)?.data as Record<string, unknown> | undefined;
  if (typeof data !== 'object' || data === null) return null;
  return data.truncated === true && typeof data.result_handle === 'string' ? data.result_handle : null;
}

/**
 * Whether a tool's `data` is the handle of a stored result rather than the result: what a call
 * answers when the result is over `max_inline_chars` (unless `resolveStoredResults` reads it back).
 * Methods type `data` as the tool's result, so this is how a caller asks which one it got.
 */
export function isStoredResult(data: unknown): data is StoredResultHandle {
  return storedHandleOf({ data }) !== null;
}

export interface StoredResult {
  value: unknown;
  creditsUsed: number;
  creditsRemaining: number;
}

/** Reads a stored result back whole: one call when it fits a page, else page by page and parsed. */
export async function readStoredResult(
  read: (input: Record<string, unknown>) => Promise<ToolSuccess>,
  handle: string,
  pageChars = READ_PAGE_CHARS,
): Promise<StoredResult> {
  let creditsUsed = 0;
  let creditsRemaining = 0;
  let text = '';
  let offset: number | null = 0;
  while (offset !== null) {
    const page = await read({ result_handle: handle, offset, max_chars: pageChars });
    creditsUsed += page.credits_used;
    creditsRemaining = page.credits_remaining;
    const data = page.data as { value?: unknown; content?: string; next_offset?: number | null };
    if (offset === 0 && 'value' in data) return { value: data.value, creditsUsed, creditsRemaining };
    text += data.content ?? '';
    offset = data.next_offset ?? null;
  }
  return { value: JSON.parse(text), creditsUsed, creditsRemaining };
}
