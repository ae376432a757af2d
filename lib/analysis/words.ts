import { UNSPACED_CJK_CHAR } from './text.js';

/** Han and kana all sit at U+2E80 and above (astral ideographs as surrogates): a cheap pre-filter. */
const MAYBE_CJK = /[\u2e80-\uffff]/;

/*
 * A word is a run of letters, combining marks and digits (`\p{L}`, `\p{M}`, `\p{N}`: JavaScript's `\w`
 * is ASCII-only and would cut "café" or "Straße" in two), joined across an inner apostrophe or hyphen
 * ("don't", "state-of-the-art"). Numbers keep their inner `.`, `,` or `:` ("3.14", "1,000", "10:30").
 */
const WORD = /\p{N}+(?:[.,:]\p{N}+)+|[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;

/**
 * The words of `text` in order, as written (case kept). Han and kana carry no spaces between words,
 * so each such character counts as one word, the convention word processors use for CJK; Thai, also
 * unspaced, stays one token per run because splitting it needs a dictionary.
 */
export function tokenizeWords(text: string): string[] {
  const words: string[] = [];
  // String#match returns bare strings; matchAll's match objects cost a third of the time on a large page.
  for (const token of text.normalize('NFC').match(WORD) ?? []) {
    if (!MAYBE_CJK.test(token) || !UNSPACED_CJK_CHAR.test(token)) {
      words.push(token);
      continue;
    }
    let run = '';
    for (const char of token) {
      if (UNSPACED_CJK_CHAR.test(char)) {
        if (run) words.push(run);
        run = '';
        words.push(char);
      } else {
        run += char;
      }
    }
    if (run) words.push(run);
  }
  return words;
}

/**
 * Lower-cases with the locale-independent mapping (a Turkish server locale must not change results)
 * and writes the typographic apostrophe as `'` so "don’t" and "don't" are one word.
 */
export function normalizeWord(word: string): string {
  const lower = word.toLowerCase();
  return lower.includes('’') ? lower.replaceAll('’', "'") : lower;
}

/**
 * Words as a reader counts them, for the word counts the page tools report: runs of letters or
 * digits (apostrophes and hyphens inside kept).
 */
export function countWords(text: string): number {
  // Counted match by match: `match` built an array of every word first, which on a 4 MB page was a
  // fifth of extract_text's time, most of it in the garbage collector.
  COUNTED_WORD.lastIndex = 0;
  let count = 0;
  while (COUNTED_WORD.test(text)) count += 1;
  return count;
}

const COUNTED_WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
