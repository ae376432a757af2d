import type { Capture } from './capture.js';
import { type DiffHunk, diffHunks } from './diff-hunks.js';
import { cut, diffLines } from './line-diff.js';
import { decodeSketch, similarityOf } from './similarity.js';

/** What a target's previous capture left behind (null fields: the target never had content). */
export interface Baseline {
  contentHash: string | null;
  content: string | null;
  structure: string | null;
}

export interface Comparison {
  status: 'new' | 'changed' | 'unchanged';
  change_percent: number | null;
  structural_similarity: number | null;
  added_count: number | null;
  removed_count: number | null;
  added_samples: string[];
  removed_samples: string[];
  content_hash: string;
  /** With `detail`, on `changed`: the first changes with a few unchanged lines around each. */
  diff_hunks?: DiffHunk[];
  /** With `detail`, on `new`: the start of the text captured as the baseline, one line per block. */
  captured_text?: string;
}

export const MAX_SAMPLES = 20;
export const MAX_SAMPLE_CHARS = 500;
/** The changed lines the hunks cover (both sides), and the unchanged lines around each change. */
export const HUNK_CHANGED_LINES = 2 * MAX_SAMPLES;
export const HUNK_CONTEXT_LINES = 3;
export const MAX_CAPTURED_CHARS = 5_000;

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * docs/reference/monitors.md#checks-and-pages: the first capture is `new`; later ones compare hashes. `change_percent` is the share of
 * lines touched, (added + removed) / (lines before + lines after) × 100: one line of ten replaced
 * is 10; a page replaced whole is 100.
 */
export function compareWithBaseline(
  capture: Capture,
  baseline: Baseline | null,
  /** What a monitor's check view shows besides the tool's fields: hunks with context, the first capture. */
  detail = false,
): Comparison {
  const none = { added_samples: [], removed_samples: [], content_hash: capture.contentHash };
  if (!baseline?.contentHash) {
    return {
      status: 'new',
      change_percent: null,
      structural_similarity: null,
      added_count: null,
      removed_count: null,
      ...none,
      ...(detail ? { captured_text: cut(capture.lines.join('\n'), MAX_CAPTURED_CHARS) } : {}),
    };
  }
  if (baseline.contentHash === capture.contentHash) {
    return {
      status: 'unchanged',
      change_percent: null,
      structural_similarity: null,
      added_count: 0,
      removed_count: 0,
      ...none,
    };
  }
  const before = baseline.content ? baseline.content.split('\n') : [];
  const diff = diffLines(before, capture.lines, {
    samples: MAX_SAMPLES,
    chars: MAX_SAMPLE_CHARS,
    edits: detail ? HUNK_CHANGED_LINES : 0,
  });
  const touched = diff.added + diff.removed;
  const total = before.length + capture.lines.length;
  const similarity = baseline.structure
    ? similarityOf(decodeSketch(baseline.structure), capture.structure)
    : 0;
  return {
    status: 'changed',
    change_percent: total === 0 ? 0 : round((touched / total) * 100, 2),
    structural_similarity: round(similarity, 3),
    added_count: diff.added,
    removed_count: diff.removed,
    added_samples: diff.addedSamples,
    removed_samples: diff.removedSamples,
    content_hash: capture.contentHash,
    ...(detail
      ? {
          diff_hunks: diffHunks(before, capture.lines, diff.edits ?? [], {
            context: HUNK_CONTEXT_LINES,
            chars: MAX_SAMPLE_CHARS,
            truncated: touched > HUNK_CHANGED_LINES,
          }),
        }
      : {}),
  };
}
