import { describe, expect, it } from 'vitest';
import { analyzeSentiment, sentimentLabel } from '../../lib/analysis/sentiment.js';
import { SENTIMENT_LEXICON } from '../../lib/analysis/sentiment-lexicon.js';
import { tokenizeWords } from '../../lib/analysis/words.js';

const sentiment = (text: string, language = 'en') => analyzeSentiment(tokenizeWords(text), language);
/** `count` words that are in no lexicon. */
const filler = (count: number) => Array.from({ length: count }, () => 'table').join(' ');

describe('sentimentLabel', () => {
  it('is positive only strictly above 0.05 and negative only strictly below -0.05', () => {
    expect(sentimentLabel(0.05)).toBe('neutral');
    expect(sentimentLabel(-0.05)).toBe('neutral');
    expect(sentimentLabel(0.051)).toBe('positive');
    expect(sentimentLabel(-0.051)).toBe('negative');
    expect(sentimentLabel(0)).toBe('neutral');
  });
});

describe('analyzeSentiment', () => {
  it('has a lexicon of 200+ weighted words within -1..1', () => {
    expect(SENTIMENT_LEXICON.size).toBeGreaterThanOrEqual(200);
    for (const weight of SENTIMENT_LEXICON.values()) expect(Math.abs(weight)).toBeLessThanOrEqual(1);
  });

  it('scores summed weights / sqrt(word count): exactly 0.05 is neutral', () => {
    expect(SENTIMENT_LEXICON.get('good')).toBe(0.5);
    // 1 hit of 0.5 in 100 words: 0.5 / 10 = 0.05
    const result = sentiment(`good ${filler(99)}`);
    expect(result).toEqual({
      score: 0.05,
      label: 'neutral',
      positive_matches: 1,
      negative_matches: 0,
      method: 'lexicon',
    });
  });

  it('labels just above the threshold positive and below it negative', () => {
    expect(sentiment(`good ${filler(80)}`).label).toBe('positive'); // 0.5 / 9 = 0.056
    expect(sentiment(`bad ${filler(99)}`)).toMatchObject({
      score: -0.06,
      label: 'negative',
      negative_matches: 1,
    });
  });

  it('clamps to -1..1', () => {
    expect(sentiment('excellent amazing wonderful perfect').score).toBe(1);
    expect(sentiment('terrible horrible awful worst').score).toBe(-1);
  });

  it('flips and halves a negated hit', () => {
    const result = sentiment('This is not good');
    expect(result).toMatchObject({
      score: -0.125,
      label: 'negative',
      positive_matches: 0,
      negative_matches: 1,
    });
    expect(sentiment('not bad at all').label).toBe('positive');
  });

  it('lets one negator flip one hit only', () => {
    expect(sentiment('not bad but great')).toMatchObject({ positive_matches: 2, negative_matches: 0 });
  });

  it('is not_applicable for non-English text with no lexicon hit', () => {
    expect(sentiment('Le chat est sur la table dans la maison.', 'fr')).toEqual({
      score: 0,
      label: 'not_applicable',
      notApplicable: 'sentiment-lexicon-is-english-only',
      positive_matches: 0,
      negative_matches: 0,
      method: 'lexicon',
    });
  });

  it("does not count the detected language's function words as English hits", () => {
    // "die" is the German article and a negative English word; "war" is German "was".
    const report =
      'Die Deutsche Bahn meldet, dass die Strecke zwischen Köln und Düsseldorf wieder frei ist. Der Zug war pünktlich.';
    expect(sentiment(report, 'de')).toMatchObject({ label: 'not_applicable', score: 0, negative_matches: 0 });
    // The same words stay hits in English text.
    expect(sentiment('They will die in the war.', 'en').negative_matches).toBeGreaterThanOrEqual(1);
  });

  it('scores non-English text that does hit the lexicon', () => {
    expect(sentiment('Le film était excellent et fantastic.', 'fr').label).toBe('positive');
  });

  it('is neutral, not not_applicable, for English or undetermined text without hits', () => {
    expect(sentiment('The table is in the kitchen.')).toMatchObject({ score: 0, label: 'neutral' });
    expect(sentiment('12345', 'und')).toMatchObject({ score: 0, label: 'neutral' });
    expect(sentiment('', 'und')).toMatchObject({ score: 0, label: 'neutral' });
  });
});
