import type { Passage, PassageKind } from './passages.js';
import { rankPassages } from './rank.js';
import { queryTerms } from './terms.js';

export interface Highlight {
  text: string;
  kind: PassageKind;
  /** Index into this call's markdown: `markdown.slice(offset, offset + length) === text`. */
  offset: number;
  length: number;
  score: number;
}

/** The passages that best match `query`, best first, at most `limit`; none when no query term occurs. */
export function findHighlights(passages: readonly Passage[], query: string, limit: number): Highlight[] {
  return rankPassages(passages, queryTerms(query))
    .slice(0, limit)
    .map(({ text, kind, offset, length, score }) => ({ text, kind, offset, length, score }));
}
