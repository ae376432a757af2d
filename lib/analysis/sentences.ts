import { CJK_CHAR, codePointLength } from './text.js';

/** docs/reference/pages.md#analyze_content/docs/reference/pages.md#summarize_content: fragments shorter than this are dropped (headings, list stubs, "Hi!"). */
export const MIN_SENTENCE_CHARS = 20;
/** CJK packs a word into one or two characters, so a full sentence is far shorter. */
export const MIN_CJK_SENTENCE_CHARS = 8;

/*
 * Two kinds of boundary:
 * - ASCII `.`, `!`, `?` (a run, plus closing quotes/brackets) end a sentence only when whitespace, the
 *   end of the text or a CJK character follows. Splitting at every `.` would cut 3.14, example.com,
 *   v1.2.3 and every URL into fragments. The lookbehind starts a match only at the head of a run: a
 *   200,000-character run of `!` ending in a letter otherwise costs minutes of backtracking.
 * - The ideographic full stop and the full-width `．！？` end a sentence wherever they stand: CJK text
 *   puts no space after them.
 */
const BOUNDARY =
  /(?<![.!?])[.!?]+["'”’»)\]]*(?=\s|$|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])|[。｡．！？][。｡．！？!?]*["'”’」』）)\]]*/gu;
const TRAILING_MARKS = new Set('.!?。｡．！？"\'”’»」』）)] ');
/** A blank line ends a paragraph and so a sentence: a heading without a full stop must not swallow the next line. */
const PARAGRAPH_BREAK = /\n[^\S\n]*\n\s*/;

/** True when CJK characters are at least half the letters of `text`. */
export function isCjkText(text: string): boolean {
  // Most sentences on most pages have no character at or above U+1100 (Hangul Jamo): skip the count.
  if (!/[\u1100-\uffff]/.test(text)) return false;
  let letters = 0;
  let cjk = 0;
  for (const char of text) {
    if (CJK_CHAR.test(char)) {
      cjk++;
      letters++;
    } else if (/\p{L}/u.test(char)) {
      letters++;
    }
  }
  return letters > 0 && cjk * 2 >= letters;
}

/**
 * The sentences of `text`, in order, each trimmed with inner whitespace collapsed and its terminator kept.
 * A fragment's length is measured without its terminator: under 20 characters it is dropped, under 8
 * when it is a CJK sentence.
 */
export interface SplitOptions {
  /**
   * Keep fragments under the summariser's length floor (any fragment with a letter or digit).
   * The floor is docs/reference/pages.md#summarize_content's rule for picking summary sentences; counting sentences for
   * analyze_content's readability must not drop "I see a cat." as a non-sentence.
   */
  keepShort?: boolean;
}

export function splitSentences(text: string, options: SplitOptions = {}): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.normalize('NFC').split(PARAGRAPH_BREAK)) {
    let start = 0;
    for (const match of paragraph.matchAll(BOUNDARY)) {
      const end = match.index + match[0].length;
      pushSentence(sentences, paragraph.slice(start, end), options);
      start = end;
    }
    pushSentence(sentences, paragraph.slice(start), options);
  }
  return sentences;
}

function pushSentence(sentences: string[], fragment: string, options: SplitOptions): void {
  const sentence = fragment.replace(/\s+/g, ' ').trim();
  const body = withoutTrailingMarks(sentence);
  if (options.keepShort) {
    if (/[\p{L}\p{N}]/u.test(body)) sentences.push(sentence);
    return;
  }
  const minimum = isCjkText(body) ? MIN_CJK_SENTENCE_CHARS : MIN_SENTENCE_CHARS;
  if (codePointLength(body) >= minimum) sentences.push(sentence);
}

/*
 * A backward scan rather than /[…]+$/: that regex restarts at every position of a long run of `!` or `)`
 * inside a fragment and turns one pathological page into minutes of CPU.
 */
function withoutTrailingMarks(sentence: string): string {
  let end = sentence.length;
  while (end > 0 && TRAILING_MARKS.has(sentence[end - 1]!)) end--;
  return sentence.slice(0, end);
}

/** CJK sentences follow each other without a space; every other pair gets one. */
export function joinSentences(sentences: readonly string[]): string {
  let joined = '';
  for (const sentence of sentences) {
    if (joined !== '' && !/[。｡．！？」』）]$/u.test(joined)) joined += ' ';
    joined += sentence;
  }
  return joined;
}
