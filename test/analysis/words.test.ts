import { describe, expect, it } from 'vitest';
import { countWords, normalizeWord, tokenizeWords } from '../../lib/analysis/words.js';

describe('tokenizeWords', () => {
  it('keeps non-ASCII letters inside words', () => {
    expect(tokenizeWords('Café Straße naïve Ελληνικά Привет')).toEqual([
      'Café',
      'Straße',
      'naïve',
      'Ελληνικά',
      'Привет',
    ]);
  });

  it('joins across inner apostrophes and hyphens, and keeps numbers whole', () => {
    expect(tokenizeWords("Don't use state-of-the-art 3.14 or 1,000 — ok?")).toEqual([
      "Don't",
      'use',
      'state-of-the-art',
      '3.14',
      'or',
      '1,000',
      'ok',
    ]);
  });

  it('counts each Han or kana character as a word and keeps Latin runs', () => {
    expect(tokenizeWords('iPhone用の東京')).toEqual(['iPhone', '用', 'の', '東', '京']);
  });

  it('keeps Hangul words whole (Korean is spaced)', () => {
    expect(tokenizeWords('안녕하세요 세계')).toEqual(['안녕하세요', '세계']);
  });

  it('normalises case and the typographic apostrophe', () => {
    expect(normalizeWord('Don’t')).toBe("don't");
    expect(normalizeWord('İSTANBUL')).toBe('i̇stanbul');
  });
});

describe('countWords', () => {
  const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
  const matches = (text: string) => text.match(WORD)?.length ?? 0;
  // Letters and digits in and out of ASCII, astral letters (𝐀) and non-letters (😀), a lone
  // surrogate, the three joiners, and characters that end a word.
  const ALPHABET = [
    'a',
    'Z',
    '7',
    'é',
    'ß',
    'Я',
    '中',
    '²',
    '𝐀',
    '😀',
    '\ud800',
    "'",
    '’',
    '-',
    ' ',
    '.',
    '_',
    '\u0301',
  ];

  it('counts what the word expression matches', () => {
    let state = 7;
    const next = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % n;
    };
    const disagreements: string[] = [];
    for (let sample = 0; sample < 5000; sample++) {
      const text = Array.from({ length: next(16) }, () => ALPHABET[next(ALPHABET.length)]).join('');
      if (countWords(text) !== matches(text)) disagreements.push(JSON.stringify(text));
    }
    expect(disagreements).toEqual([]);
  });

  it('counts a range as if the text ended there', () => {
    const text = "don't café-au-lait 𝐀𝐁 x-";
    // Ranges that keep surrogate pairs whole (the word counter's callers cut at ASCII).
    const cuts = [...text.matchAll(/./gsu)].map((match) => match.index).concat(text.length);
    for (const from of cuts) {
      for (const to of cuts.filter((cut) => cut >= from)) {
        expect(countWords(text, from, to), `${from}..${to}`).toBe(matches(text.slice(from, to)));
      }
    }
  });
});
