import { describe, expect, it } from 'vitest';
import { extractKeywords } from '../../lib/analysis/keywords.js';
import { tokenizeWords } from '../../lib/analysis/words.js';

const keywords = (text: string, language = 'en') => extractKeywords(tokenizeWords(text), language);

describe('extractKeywords', () => {
  it('keeps only words longer than 3 characters', () => {
    const result = keywords('cat cat cat dogs dogs bird');
    expect(result).toEqual([
      { word: 'dogs', frequency: 2 },
      { word: 'bird', frequency: 1 },
    ]);
  });

  it('excludes function words and lower-cases', () => {
    const result = keywords('There were THESE Rockets and rockets, which would have been about rockets.');
    expect(result).toEqual([{ word: 'rockets', frequency: 3 }]);
  });

  it('returns at most ten, most frequent first, ties in order of first appearance', () => {
    const words = [
      'alpha',
      'bravo',
      'charlie',
      'delta',
      'echo',
      'foxtrot',
      'golf',
      'hotel',
      'india',
      'juliet',
      'kilo',
      'lima',
    ];
    const text = `${words.join(' ')} lima lima kilo`;
    const result = keywords(text);
    expect(result).toHaveLength(10);
    expect(result[0]).toEqual({ word: 'lima', frequency: 3 });
    expect(result[1]).toEqual({ word: 'kilo', frequency: 2 });
    expect(result.slice(2).map((k) => k.word)).toEqual([
      'alpha',
      'bravo',
      'charlie',
      'delta',
      'echo',
      'foxtrot',
      'golf',
      'hotel',
    ]);
    expect(keywords(text)).toEqual(result);
  });

  it('ignores numbers and strips possessives and elisions', () => {
    expect(keywords("2024 2024 2024 company's company")).toEqual([{ word: 'company', frequency: 2 }]);
    expect(keywords("l'homme et l'homme dans la maison", 'fr')).toEqual([
      { word: 'homme', frequency: 2 },
      { word: 'maison', frequency: 1 },
    ]);
  });

  it("excludes the detected language's function words too", () => {
    expect(keywords('cuando cuando porque porque gato gatos', 'es')).toEqual([
      { word: 'gato', frequency: 1 },
      { word: 'gatos', frequency: 1 },
    ]);
  });

  it('returns an empty list for text without qualifying words', () => {
    expect(keywords('')).toEqual([]);
    expect(keywords('a an the of to 1 2 3')).toEqual([]);
  });
  it('skips glued junk longer than 64 characters', () => {
    const junk = 'a-'.repeat(100);
    expect(extractKeywords([junk, junk, 'garden', 'garden'])).toEqual([{ word: 'garden', frequency: 2 }]);
  });
});
