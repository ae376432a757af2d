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
/**
 * Half away from zero on the decimal the value prints as: scaling by shifting the exponent in
 * the string keeps 0.145 at 14.5 (multiplying gives 14.499999999999998, which rounds down).
 */
export function roundTo(value: number, decimals: number): number {
  const digits = String(Math.abs(value));
  // Values that already print in exponent form (1e-7, 1e21) are far from any tie.
  const magnitude = digits.includes('e')
    ? Math.round(Math.abs(value) * 10 ** decimals)
    : Math.round(Number(`${digits}e${decimals}`));
  const rounded = Math.sign(value) * Number(`${magnitude}e-${decimals}`);
  return Object.is(rounded, -0) ? 0 : rounded;
}
