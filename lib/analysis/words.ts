import { UNSPACED_CJK_CHAR } from './text.js';

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
  for (const [token] of text.normalize('NFC').matchAll(WORD)) {
    if (!UNSPACED_CJK_CHAR.test(token)) {
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
  return word.toLowerCase().replace(/’/g, "'");
}
