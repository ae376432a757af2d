import { describe, expect, it } from 'vitest';
import { normalizeWord, tokenizeWords } from '../../lib/analysis/words.js';

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
