/** One URL of a batch, as batch_scrape returns it and get_batch_results pages it (docs/reference/sites-batches-documents.md#batch_scrape). */
export interface BatchResult {
  /** The id sent with the URL, else its index in `urls` as a string. */
  id: string;
  url: string;
  status: 'success' | 'failed' | 'skipped';
  /** The target's status; null when no response came (skipped, refused, timed out). */
  http_status: number | null;
  title: string | null;
  /** Text of the page's main content, at most 5,000 characters; null unless `success`. */
  text: string | null;
  /** Values of the extraction template, null without one. */
  fields: Record<string, string | null> | null;
  field_notes: Record<string, string> | null;
  /** Why the URL failed or was skipped; null on success. */
  error: string | null;
  /** The error code a single-URL tool would have answered with; null on success. */
  error_code: string | null;
}
