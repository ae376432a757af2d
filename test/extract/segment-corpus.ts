import { createHash } from 'node:crypto';
import { type AnnotatedPage, loadTrafilaturaCorpus } from '../../scripts/bench/trafilatura-corpus.js';

/**
 * The metric of the trafilatura development corpus (test/fixtures/corpus/trafilatura-dev,
 * Apache-2.0), as its README spells it: whitespace-normalised substring matching of must-have
 * (`with`) and must-not-have (`without`) segments, counts summed over all pages.
 */
export interface SegmentPage extends AnnotatedPage {
  /** In the fixed third kept out of tuning (by a hash of the file name). */
  heldOut: boolean;
}

/**
 * One page in three, chosen by the first byte of the SHA-1 of its file name: fixed, independent of
 * the corpus order, and blind to what the page contains.
 */
export function isHeldOut(file: string): boolean {
  return createHash('sha1').update(file).digest()[0] % 3 === 0;
}

/** The 200 pages, decoded as the fetcher decodes a page served without a charset. */
export function loadSegmentCorpus(): SegmentPage[] {
  return loadTrafilaturaCorpus().map((page) => ({ ...page, heldOut: isHeldOut(page.file) }));
}

export interface SegmentCounts {
  truePositives: number;
  falseNegatives: number;
  falsePositives: number;
  trueNegatives: number;
}

export interface SegmentScore extends SegmentCounts {
  pages: number;
  precision: number;
  recall: number;
  f1: number;
  accuracy: number;
}

export interface PageOutcome extends SegmentCounts {
  page: SegmentPage;
  /** `with` segments not found. */
  missed: string[];
  /** `without` segments found. */
  kept: string[];
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

export function scorePage(page: SegmentPage, extracted: string): PageOutcome {
  const text = normalise(extracted);
  const missed = page.with.filter((segment) => !text.includes(normalise(segment)));
  const kept = page.without.filter((segment) => text.includes(normalise(segment)));
  return {
    page,
    missed,
    kept,
    truePositives: page.with.length - missed.length,
    falseNegatives: missed.length,
    falsePositives: kept.length,
    trueNegatives: page.without.length - kept.length,
  };
}

export function summarise(outcomes: readonly PageOutcome[]): SegmentScore {
  const sum = (key: keyof SegmentCounts) => outcomes.reduce((total, outcome) => total + outcome[key], 0);
  const truePositives = sum('truePositives');
  const falseNegatives = sum('falseNegatives');
  const falsePositives = sum('falsePositives');
  const trueNegatives = sum('trueNegatives');
  const precision = truePositives / Math.max(1, truePositives + falsePositives);
  const recall = truePositives / Math.max(1, truePositives + falseNegatives);
  const all = truePositives + falseNegatives + falsePositives + trueNegatives;
  return {
    pages: outcomes.length,
    truePositives,
    falseNegatives,
    falsePositives,
    trueNegatives,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    accuracy: (truePositives + trueNegatives) / Math.max(1, all),
  };
}
