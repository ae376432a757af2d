import type { DiffHunkRow } from '../db/schema/monitors.js';
import { cut, type Edit } from './line-diff.js';

/**
 * The first changes of a page as a reader wants them, the way `diff -U3` shows them: each run of
 * changed lines with a few unchanged lines around it, runs whose context touches merged into one
 * hunk. Built from the edits the line diff recorded, so the page is diffed once.
 */

export type DiffHunk = DiffHunkRow;
type HunkLine = DiffHunkRow['lines'][number];

export interface HunkOptions {
  /** Unchanged lines shown before and after each change. */
  context: number;
  /** Characters kept of each line. */
  chars: number;
  /** The diff stopped recording edits: lines after the last edit may be changes it did not record. */
  truncated: boolean;
}

/** Where an edit sits in the new capture: removals are a point, additions their lines. */
function spanOf(edit: Edit): [number, number] {
  return edit.kind === 'removed' ? [edit.otherAt, edit.otherAt] : [edit.from, edit.to];
}

export function diffHunks(
  before: readonly string[],
  after: readonly string[],
  edits: readonly Edit[],
  options: HunkOptions,
): DiffHunk[] {
  const sorted = [...edits].sort(
    (x, y) => spanOf(x)[0] - spanOf(y)[0] || (x.kind === y.kind ? 0 : x.kind === 'removed' ? -1 : 1),
  );
  const groups: Array<{ start: number; end: number; edits: Edit[] }> = [];
  for (const edit of sorted) {
    const [from, to] = spanOf(edit);
    const start = Math.max(0, from - options.context);
    const end = Math.min(after.length, to + options.context);
    const last = groups.at(-1);
    if (last && start <= last.end) {
      last.end = Math.max(last.end, end);
      last.edits.push(edit);
    } else groups.push({ start, end, edits: [edit] });
  }
  const final = groups.at(-1);
  if (final && options.truncated) {
    final.end = Math.max(...final.edits.map((edit) => spanOf(edit)[1]));
  }
  return groups.map((group) => ({
    after_line: group.start + 1,
    lines: linesOf(group, before, after, options),
  }));
}

function linesOf(
  group: { start: number; end: number; edits: Edit[] },
  before: readonly string[],
  after: readonly string[],
  options: HunkOptions,
): HunkLine[] {
  const added = new Set<number>();
  for (const edit of group.edits) {
    if (edit.kind === 'added') for (let i = edit.from; i < edit.to; i += 1) added.add(i);
  }
  const lines: HunkLine[] = [];
  const line = (kind: HunkLine['kind'], text: string) => lines.push({ kind, text: cut(text, options.chars) });
  for (let i = group.start; i <= group.end; i += 1) {
    for (const edit of group.edits) {
      if (edit.kind !== 'removed' || edit.otherAt !== i) continue;
      for (let j = edit.from; j < edit.to; j += 1) line('removed', before[j]);
    }
    if (i < group.end) line(added.has(i) ? 'added' : 'context', after[i]);
  }
  return lines;
}
