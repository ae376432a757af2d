/**
 * Character-level helpers shared by the analysers. Lengths are counted in code points, not UTF-16
 * units, so an emoji or a rare CJK ideograph outside the BMP counts as one character like any other.
 */

/** Han ideographs, kana (with the prolonged-sound mark) and Hangul: scripts with their own sentence rule. */
export const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/u;

/** Characters written without spaces between words, so each one is counted as a word (see words.ts). */
export const UNSPACED_CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;

export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Half away from zero, so 0.125 → 0.13 and −0.125 → −0.13 alike. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}
