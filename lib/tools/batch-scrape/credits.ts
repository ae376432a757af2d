import type { BatchResult } from '../../results/batch-result.js';

/** docs/reference/sites-batches-documents.md#batch_scrape: failed URLs are charged (they were attempted), skipped ones are not. */
export const CREDITS_PER_URL = 5;

export function attemptedCount(results: readonly BatchResult[]): number {
  return results.filter((result) => result.status !== 'skipped').length;
}
