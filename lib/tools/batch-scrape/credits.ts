import type { BatchResult } from '../../results/batch-result.js';

/** Document 2 §4.20: failed URLs are charged (they were attempted), skipped ones are not. */
export const CREDITS_PER_URL = 5;

export function attemptedCount(results: readonly BatchResult[]): number {
  return results.filter((result) => result.status !== 'skipped').length;
}
