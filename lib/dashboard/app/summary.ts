import type { CheckSummary } from '../../../sdk/typescript/src/generated/types.js';

const ORDER: Array<[keyof CheckSummary, string]> = [
  ['new', 'new'],
  ['changed', 'changed'],
  ['unchanged', 'unchanged'],
  ['blocked', 'blocked'],
  ['errored', 'error'],
];

/** "1 changed, 2 unchanged": a check's page counts, zeros left out. */
export function summaryInWords(summary: CheckSummary): string {
  const parts = ORDER.filter(([field]) => summary[field] > 0).map(
    ([field, word]) => `${summary[field]} ${word}`,
  );
  return parts.length ? parts.join(', ') : 'no pages';
}

/** The page statuses of a check, in chart order, with the colour each gets everywhere. */
export const STATUS_SERIES: Array<{ field: keyof CheckSummary; label: string; color: string }> = [
  { field: 'new', label: 'New', color: '#56B4E9' },
  { field: 'changed', label: 'Changed', color: '#E69F00' },
  { field: 'unchanged', label: 'Unchanged', color: '#009E73' },
  { field: 'blocked', label: 'Blocked', color: '#CC79A7' },
  { field: 'errored', label: 'Error', color: '#D55E00' },
];
