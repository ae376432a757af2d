import { roundTo } from './text.js';

export type GradeLevel = 'middle_school' | 'high_school' | 'college';

export interface Readability {
  /** Flesch reading ease, clamped to 0..100, one decimal; null when the text has no words. */
  flesch_score: number | null;
  grade_level: GradeLevel | null;
}

/*
 * Grade bands follow Flesch's own table: 60 and above reads at 8th–9th grade or easier (middle school),
 * 50–60 is "fairly difficult, 10th to 12th grade" (high school), below 50 is "difficult, college".
 */
export const MIDDLE_SCHOOL_MIN_SCORE = 60;
export const HIGH_SCHOOL_MIN_SCORE = 50;

export function gradeLevel(fleschScore: number): GradeLevel {
  if (fleschScore >= MIDDLE_SCHOOL_MIN_SCORE) return 'middle_school';
  if (fleschScore >= HIGH_SCHOOL_MIN_SCORE) return 'high_school';
  return 'college';
}

/**
 * Flesch reading ease: 206.835 − 1.015 × words/sentences − 84.6 × syllables/words. A text whose
 * fragments are all too short to count as sentences is read as one sentence, so a short note still
 * gets a score. The formula and the syllable rules are English; other languages get a comparable
 * but uncalibrated number.
 */
export function analyzeReadability(words: readonly string[], sentenceCount: number): Readability {
  if (words.length === 0) return { flesch_score: null, grade_level: null };
  // Prose repeats its words: counting each distinct word once makes a large page several times faster.
  const cache = new Map<string, number>();
  let syllables = 0;
  for (const word of words) {
    let count = cache.get(word);
    if (count === undefined) {
      count = countSyllables(word);
      cache.set(word, count);
    }
    syllables += count;
  }
  const sentences = Math.max(1, sentenceCount);
  const raw = 206.835 - 1.015 * (words.length / sentences) - 84.6 * (syllables / words.length);
  const score = roundTo(Math.min(100, Math.max(0, raw)), 1);
  return { flesch_score: score, grade_level: gradeLevel(score) };
}

const VOWEL_GROUP = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœ]+/g;

/**
 * English syllable estimate: vowel groups, minus a silent final "e" and the silent "-es"/"-ed" endings,
 * at least one per word. Accented Latin vowels count as vowels; a word with none (a number, a CJK
 * character) counts as one syllable.
 */
export function countSyllables(word: string): number {
  let w = word.toLowerCase().replace(/[^\p{L}]/gu, '');
  if (w.length === 0) return 1;
  if (w.length <= 3) return 1;
  w = w.replace(/(?:[^laeiouy]es|[^laeiouy]e|[^dt]ed)$/, (ending) => ending[0]);
  w = w.replace(/^y/, '');
  const groups = w.match(VOWEL_GROUP)?.length ?? 0;
  return Math.max(1, groups);
}
