/** docs/reference/sites-batches-documents.md#process_document and docs/reference/README.md#limits. */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;
export const MAX_TEXT_CHARS = 200_000;
export const MAX_PDF_PAGES = 200;
export const MAX_TABLES = 20;
export const MAX_TABLE_ROWS = 1_000;

/** A table as process_document returns it: `data` is `rows` arrays of `columns` cells. */
export interface DocumentTable {
  /** 1-based page of a PDF; null for a CSV, which has no pages. */
  page: number | null;
  rows: number;
  columns: number;
  data: string[][];
}

/** Cuts `text` to `max` UTF-16 units without splitting a surrogate pair. */
export function cutText(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return { text: text.slice(0, end), cut: true };
}
