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
 * digits (apostrophes and hyphens inside kept): the matches of `[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*`
 * (flags `gu`) in `text` from `from` up to `to` (neither inside a surrogate pair), read as if it
 * ended there.
 *
 * Counted in one pass over the characters, ASCII tested in place and only other characters handed
 * to the regular expression: the expression over the whole text was the largest step of
 * extract_text after the parse and the conversion, and a call per word or per gap cost four
 * times the bare pass on a large page.
 */
export function countWords(text: string, from = 0, to = text.length): number {
  let count = 0;
  // Just past a run of letters: a joiner followed by another run continues the same word.
  let inWord = false;
  let i = from;
  while (i < to) {
    const code = text.charCodeAt(i);
    if (isAsciiLetterOrDigit(code)) {
      if (!inWord) count++;
      inWord = true;
      i++;
      continue;
    }
    if (code >= 128) {
      const runEnd = letterRunEnd(text, i, to);
      if (runEnd > i) {
        if (!inWord) count++;
        inWord = true;
        i = runEnd;
        continue;
      }
    }
    if (inWord && isWordJoiner(code) && i + 1 < to && letterRunEnd(text, i + 1, to) > i + 1) {
      i++;
      continue;
    }
    inWord = false;
    i++;
  }
  return count;
}

const APOSTROPHE = 0x27;
const TYPOGRAPHIC_APOSTROPHE = 0x2019;
const HYPHEN = 0x2d;

function isWordJoiner(code: number): boolean {
  return code === APOSTROPHE || code === HYPHEN || code === TYPOGRAPHIC_APOSTROPHE;
}

const LETTER_RUN = /[\p{L}\p{N}]+/uy;

function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
}

/** Where the run of letters and digits that starts at `start` ends (`start` when none does), `to` at most. */
function letterRunEnd(text: string, start: number, to: number): number {
  let i = start;
  for (;;) {
    while (i < to && isAsciiLetterOrDigit(text.charCodeAt(i))) i++;
    if (i >= to || text.charCodeAt(i) < 128) return i;
    LETTER_RUN.lastIndex = i;
    if (!LETTER_RUN.test(text)) return i;
    i = Math.min(LETTER_RUN.lastIndex, to);
  }
}
