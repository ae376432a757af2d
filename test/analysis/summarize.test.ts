import { describe, expect, it } from 'vitest';
import { NO_CONTENT_TO_SUMMARIZE, summarize } from '../../lib/analysis/summarize.js';

const text =
  'The council approved the new budget on Monday. Spending on parks rises by ten percent next year. ' +
  'A vote on the transport plan was postponed until spring. Residents can comment online until March.';

describe('summarize', () => {
  it('extractive: leading sentences joined into one paragraph, up to max_sentences', () => {
    const result = summarize(text, { maxSentences: 2, summaryType: 'extractive' });
    const summary =
      'The council approved the new budget on Monday. Spending on parks rises by ten percent next year.';
    expect(result).toEqual({
      summary,
      summary_type: 'extractive',
      original_length: text.length,
      summary_length: summary.length,
      compression_ratio: Math.round((summary.length / text.length) * 100) / 100,
      sentences_used: 2,
      total_sentences: 4,
    });
  });

  it('extractive: max_sentences above the count returns every sentence', () => {
    const result = summarize(text, { maxSentences: 20, summaryType: 'extractive' });
    expect(result.sentences_used).toBe(4);
    expect(result.summary).toBe(text);
    expect(result.compression_ratio).toBe(1);
  });

  it('key_points: an array of sentences; length sums the points', () => {
    const result = summarize(text, { maxSentences: 3, summaryType: 'key_points' });
    expect(result.summary).toEqual([
      'The council approved the new budget on Monday.',
      'Spending on parks rises by ten percent next year.',
      'A vote on the transport plan was postponed until spring.',
    ]);
    expect(result.summary_length).toBe(46 + 49 + 56);
    expect(result.sentences_used).toBe(3);
  });

  it('brief: the first sentence, max_sentences ignored', () => {
    const result = summarize(text, { maxSentences: 5, summaryType: 'brief' });
    expect(result.summary).toBe('The council approved the new budget on Monday.');
    expect(result.sentences_used).toBe(1);
    expect(result.total_sentences).toBe(4);
  });

  it('brief with no sentence long enough: the fixed notice, counted as no summary', () => {
    expect(summarize('Too short. Tiny!', { maxSentences: 5, summaryType: 'brief' })).toEqual({
      summary: NO_CONTENT_TO_SUMMARIZE,
      summary_type: 'brief',
      original_length: 16,
      summary_length: 0,
      compression_ratio: 0,
      sentences_used: 0,
      total_sentences: 0,
    });
    expect(NO_CONTENT_TO_SUMMARIZE).toBe('No content to summarize');
  });

  it('other types with no sentence: an empty result', () => {
    expect(summarize('Too short.', { maxSentences: 5, summaryType: 'extractive' })).toMatchObject({
      summary: '',
      summary_length: 0,
      compression_ratio: 0,
      sentences_used: 0,
    });
    expect(summarize('Too short.', { maxSentences: 5, summaryType: 'key_points' }).summary).toEqual([]);
  });

  it('CJK: sentences of 8+ characters, joined without spaces, lengths in characters', () => {
    const cjk = '今天天气很好我们去公园。短句。你今天想去哪里玩呢？';
    const result = summarize(cjk, { maxSentences: 5, summaryType: 'extractive' });
    expect(result.summary).toBe('今天天气很好我们去公园。你今天想去哪里玩呢？');
    expect(result.total_sentences).toBe(2);
    expect(result.original_length).toBe(25);
    expect(result.summary_length).toBe(22);
    expect(result.compression_ratio).toBe(0.88);
  });

  it('counts code points, so an emoji is one character', () => {
    expect(summarize('😀', { maxSentences: 1, summaryType: 'extractive' }).original_length).toBe(1);
  });

  it('empty text gives a zero ratio', () => {
    expect(summarize('', { maxSentences: 1, summaryType: 'extractive' }).compression_ratio).toBe(0);
  });
});
