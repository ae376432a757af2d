import type { MonitorPage } from '../../../sdk/typescript/src/generated/types.js';
import { pairChangedLines, WordDiff } from './word-diff.js';

type Hunk = NonNullable<MonitorPage['diff_hunks']>[number];
type HunkLine = Hunk['lines'][number];

/** The hunks cover this many changed lines (lib/change-detection/compare.ts HUNK_CHANGED_LINES). */
const COVERED_LINES = 40;

/**
 * A changed page read the way `diff -U3` reads: each change where it is, between the unchanged
 * lines around it; an edited line shows its changed words marked, as in the samples view.
 */
export function DiffHunks({ page, hunks }: { page: MonitorPage; hunks: Hunk[] }) {
  const changed = (page.added_count ?? 0) + (page.removed_count ?? 0);
  return (
    <div class="hunks">
      <h4>
        Changes in context: {lines(page.removed_count ?? 0)} removed, {lines(page.added_count ?? 0)} added
        {changed > COVERED_LINES ? `; the first ${COVERED_LINES} changed lines are shown` : ''}
      </h4>
      {hunks.map((hunk, index) => {
        const label = `Change ${index + 1} of ${hunks.length}, from line ${hunk.after_line}`;
        return (
          <ul key={hunk.after_line} class="hunk" aria-label={label}>
            {runsOf(hunk.lines).map((run, runIndex) => (
              <Run key={runIndex} run={run} />
            ))}
          </ul>
        );
      })}
    </div>
  );
}

function lines(count: number): string {
  return count === 1 ? '1 line' : `${count} lines`;
}

type Run = { kind: 'context'; text: string } | { kind: 'change'; removed: string[]; added: string[] };

/** Unchanged lines one by one; each block of removed and added lines together, to pair edits. */
function runsOf(hunkLines: HunkLine[]): Run[] {
  const runs: Run[] = [];
  for (const line of hunkLines) {
    if (line.kind === 'context') {
      runs.push({ kind: 'context', text: line.text });
      continue;
    }
    let last = runs.at(-1);
    if (last?.kind !== 'change') {
      last = { kind: 'change', removed: [], added: [] };
      runs.push(last);
    }
    last[line.kind].push(line.text);
  }
  return runs;
}

function Run({ run }: { run: Run }) {
  if (run.kind === 'context') {
    return (
      <li class="line-context">
        <span class="visually-hidden">Unchanged: </span>
        {run.text}
      </li>
    );
  }
  const { pairs, removedOnly, addedOnly } = pairChangedLines(run.removed, run.added);
  return (
    <>
      {pairs.map((pair, index) => (
        <WordDiff key={`pair-${index}`} pair={pair} />
      ))}
      {removedOnly.map((text, index) => (
        <li key={`removed-${index}`} class="line-removed">
          <span class="visually-hidden">Removed: </span>
          {text}
        </li>
      ))}
      {addedOnly.map((text, index) => (
        <li key={`added-${index}`} class="line-added">
          <span class="visually-hidden">Added: </span>
          {text}
        </li>
      ))}
    </>
  );
}
