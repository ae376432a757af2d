import type { Capture } from './capture.js';
import { diffLines } from './line-diff.js';
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
}

export const MAX_SAMPLES = 20;
export const MAX_SAMPLE_CHARS = 500;

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * docs/reference/monitors.md#checks-and-pages: the first capture is `new`; later ones compare hashes. `change_percent` is the share of
 * lines touched, (added + removed) / (lines before + lines after) × 100: one line of ten replaced
 * is 10; a page replaced whole is 100.
 */
export function compareWithBaseline(capture: Capture, baseline: Baseline | null): Comparison {
  const none = { added_samples: [], removed_samples: [], content_hash: capture.contentHash };
  if (!baseline?.contentHash) {
    return {
      status: 'new',
      change_percent: null,
      structural_similarity: null,
      added_count: null,
      removed_count: null,
      ...none,
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
  const diff = diffLines(before, capture.lines, { samples: MAX_SAMPLES, chars: MAX_SAMPLE_CHARS });
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
  };
}
