import { FUNCTION_WORDS } from '../analysis/stop-words.js';
import { tokenizeWords } from '../analysis/words.js';

/**
 * The terms of a question and of a passage, compared by overlap only (docs/reference/providers.md#deep_research): words
 * lower-cased, function and question words dropped, a plural `s` stripped so "runtimes" meets
 * "runtime". No stemming dictionary and no model.
 */
const QUESTION_WORDS = new Set(
  'what which who whom whose when where why how does do did is are was were can could should would will may might much many please tell explain describe compare between versus vs'.split(
    ' ',
  ),
);
const ENGLISH = FUNCTION_WORDS.en ?? new Set<string>();

export function normaliseTerm(word: string): string | null {
  const lower = word.toLowerCase().replace(/['’]s$/, '');
  if (lower.length < 2 || ENGLISH.has(lower) || QUESTION_WORDS.has(lower)) return null;
  return lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') ? lower.slice(0, -1) : lower;
}

/** Distinct terms in first-seen order. */
export function termsOf(text: string): string[] {
  const seen = new Set<string>();
  for (const word of tokenizeWords(text)) {
    const term = normaliseTerm(word);
    if (term) seen.add(term);
  }
  return [...seen];
}

/** Share of `queryTerms` present in `text`, 0..1, rounded half-up to 3 decimals. */
export function overlapScore(queryTerms: readonly string[], text: string): number {
  if (queryTerms.length === 0) return 0;
  const present = new Set(termsOf(text));
  const hits = queryTerms.filter((term) => present.has(term)).length;
  return Math.round((hits / queryTerms.length) * 1000 + Number.EPSILON) / 1000;
}
