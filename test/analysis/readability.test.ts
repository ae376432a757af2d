import { describe, expect, it } from 'vitest';
import { analyzeReadability, countSyllables, gradeLevel } from '../../lib/analysis/readability.js';
import { splitSentences } from '../../lib/analysis/sentences.js';
import { tokenizeWords } from '../../lib/analysis/words.js';

const readability = (text: string) => analyzeReadability(tokenizeWords(text), splitSentences(text).length);

describe('countSyllables', () => {
  it.each([
    ['the', 1],
    ['cat', 1],
    ['table', 2],
    ['make', 1],
    ['jumped', 1],
    ['wanted', 2],
    ['beautiful', 3],
    ['reading', 2],
    ['young', 1],
    ['university', 5],
    ['42', 1],
  ])('%s has %i', (word, expected) => {
    expect(countSyllables(word)).toBe(expected);
  });
});

describe('gradeLevel', () => {
  it('uses Flesch bands: >= 60 middle school, 50-60 high school, < 50 college', () => {
    expect(gradeLevel(100)).toBe('middle_school');
    expect(gradeLevel(60)).toBe('middle_school');
    expect(gradeLevel(59.9)).toBe('high_school');
    expect(gradeLevel(50)).toBe('high_school');
    expect(gradeLevel(49.9)).toBe('college');
    expect(gradeLevel(0)).toBe('college');
  });
});

describe('analyzeReadability', () => {
  it('scores simple prose as easy', () => {
    const result = readability('The cat sat on the mat all day. The dog ran to the park and back.');
    expect(result.grade_level).toBe('middle_school');
    expect(result.flesch_score).toBeGreaterThan(80);
  });

  it('scores dense academic prose as college and clamps to 0..100', () => {
    const result = readability(
      'Institutional interdependencies notwithstanding, epistemological considerations necessitate comprehensive methodological reconsideration of organizational accountability mechanisms.',
    );
    expect(result.grade_level).toBe('college');
    expect(result.flesch_score).toBe(0);
    expect(readability('Go. Run. Sit. Eat.').flesch_score).toBe(100);
  });

  it('rounds to one decimal', () => {
    const score = readability('The quick brown fox jumps over the lazy dog near the river bank.')
      .flesch_score!;
    expect(Math.round(score * 10) / 10).toBe(score);
  });

  it('has no score without words', () => {
    expect(readability('... !!!')).toEqual({ flesch_score: null, grade_level: null });
  });
});
