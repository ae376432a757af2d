import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../lib/analysis/analyze.js';

const all = { analyzeSentiment: true, extractKeywords: true, detectLanguage: true, analyzeReadability: true };
const none = {
  analyzeSentiment: false,
  extractKeywords: false,
  detectLanguage: false,
  analyzeReadability: false,
};

describe('analyzeText', () => {
  it('counts characters, words and sentences', () => {
    const text = 'Our new release is faster and more reliable. Customers love the simple setup process.';
    const result = analyzeText(text, all);
    expect(result.content_length).toBe(text.length);
    expect(result.word_count).toBe(14);
    expect(result.sentence_count).toBe(2);
    expect(result.avg_sentence_length).toBe(7);
    expect(result.language).toBe('en');
    expect(result.sentiment?.label).toBe('positive');
    expect(result.keywords?.map((k) => k.word)).toContain('release');
    expect(result.readability?.flesch_score).toEqual(expect.any(Number));
  });

  it('answers not_applicable for a German report whose only lexicon words are German articles', () => {
    const report =
      'Die Deutsche Bahn hat die Sperrung der Strecke zwischen Hamburg und Berlin aufgehoben. Die Züge ' +
      'fahren wieder nach Plan, teilte die Bahn am Morgen mit. Reisende sollen die Verbindungen prüfen.';
    const result = analyzeText(report, { ...none, analyzeSentiment: true, detectLanguage: true });
    expect(result.language).toBe('de');
    expect(result.sentiment).toMatchObject({ label: 'not_applicable', score: 0, negative_matches: 0 });
  });

  it('returns null for parts that were not requested', () => {
    const result = analyzeText('Some text that is long enough to be a sentence.', none);
    expect(result).toMatchObject({ language: null, keywords: null, sentiment: null, readability: null });
  });

  it('counts short sentences: the 20-character floor of summaries does not apply', () => {
    expect(analyzeText('Hello there', all)).toMatchObject({
      word_count: 2,
      sentence_count: 1,
      avg_sentence_length: 2,
    });
    const short = analyzeText('I see a cat. '.repeat(20), all);
    expect(short).toMatchObject({ sentence_count: 20, avg_sentence_length: 4 });
    expect(short.readability).toMatchObject({ flesch_score: 100, grade_level: 'middle_school' });
  });

  it('reports 0 average sentence length when the text has no sentence at all', () => {
    expect(analyzeText('... !!! ???', all)).toMatchObject({
      word_count: 0,
      sentence_count: 0,
      avg_sentence_length: 0,
    });
  });

  it('uses the detected language for sentiment even when language is not shown', () => {
    const result = analyzeText('Le chat est sur la table dans la maison de mon voisin.', {
      ...none,
      analyzeSentiment: true,
    });
    expect(result.language).toBeNull();
    expect(result.sentiment?.label).toBe('not_applicable');
  });

  it('rounds the average sentence length to one decimal', () => {
    const text =
      'One two three four five six seven. One two three four five six seven eight nine. Abc def ghi jkl mno pqr.';
    const result = analyzeText(text, none);
    expect(result.sentence_count).toBe(3);
    expect(result.avg_sentence_length).toBe(7.3);
  });
});
