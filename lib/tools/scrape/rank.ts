import { roundTo } from '../../analysis/text.js';
import type { Passage } from './passages.js';

export interface RankedPassage extends Passage {
  /** BM25 of the query over this call's passages, rounded to 3 decimals. */
  score: number;
  /** How many distinct query terms the passage contains. */
  matched: number;
}

/*
 * Okapi BM25 with its usual constants: k1 caps how much a repeated term adds, b how strongly a long
 * passage is discounted. The passages of the one page are the collection, so a term that appears
 * everywhere on the page ("timeout" on a page about timeouts) weighs little and the rarer words of the
 * query decide.
 */
const K1 = 1.2;
const B = 0.75;
const SCORE_DECIMALS = 3;

/**
 * Passages containing at least one query term, best first; equal scores keep document order, so the
 * ranking depends on nothing but the page and the query.
 */
export function rankPassages(passages: readonly Passage[], queryTerms: readonly string[]): RankedPassage[] {
  if (passages.length === 0 || queryTerms.length === 0) return [];
  const query = new Set(queryTerms);
  const documentFrequency = new Map<string, number>();
  let totalLength = 0;
  for (const passage of passages) {
    totalLength += passage.terms.length;
    for (const term of new Set(passage.terms)) {
      if (query.has(term)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const count = passages.length;
  const averageLength = totalLength / count;
  const idf = (term: string) => {
    const n = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (count - n + 0.5) / (n + 0.5));
  };

  const ranked: RankedPassage[] = [];
  for (const passage of passages) {
    const frequency = new Map<string, number>();
    for (const term of passage.terms)
      if (query.has(term)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    if (frequency.size === 0) continue;
    const lengthNorm = 1 - B + (B * passage.terms.length) / averageLength;
    let score = 0;
    for (const [term, tf] of frequency) score += (idf(term) * tf * (K1 + 1)) / (tf + K1 * lengthNorm);
    ranked.push({ ...passage, score: roundTo(score, SCORE_DECIMALS), matched: frequency.size });
  }
  return ranked.sort((a, b) => b.score - a.score || a.offset - b.offset);
}
