import { NEGATORS, SENTIMENT_LEXICON } from './sentiment-lexicon.js';
import { FUNCTION_WORDS } from './stop-words.js';
import { roundTo } from './text.js';
import { normalizeWord } from './words.js';

export type SentimentLabel = 'positive' | 'negative' | 'neutral' | 'not_applicable';

export interface Sentiment {
  /** Summed weights / √(word count), clamped to −1..1, three decimals. */
  score: number;
  label: SentimentLabel;
  /** Only with `label: 'not_applicable'`. */
  notApplicable?: 'sentiment-lexicon-is-english-only';
  /** Lexicon hits counted on the side they ended up after negation. */
  positive_matches: number;
  negative_matches: number;
  method: 'lexicon';
}

/** docs/reference/pages.md#analyze_content: strictly above / below; exactly ±0.05 is neutral. */
export const SENTIMENT_THRESHOLD = 0.05;
/** A negator reaches the next lexicon hit within this many words: "not very good", "never been so happy". */
const NEGATION_WINDOW = 3;
/** "Not good" is milder than "bad", so a negated hit flips and halves rather than mirroring. */
const NEGATION_FACTOR = -0.5;

export function sentimentLabel(score: number): 'positive' | 'negative' | 'neutral' {
  if (score > SENTIMENT_THRESHOLD) return 'positive';
  if (score < -SENTIMENT_THRESHOLD) return 'negative';
  return 'neutral';
}

/**
 * Lexicon sentiment over `words` (the same tokens `word_count` counts). `language` is the detected
 * code: text known to be in another language with no English lexicon hit is `not_applicable` rather
 * than a misleading "neutral"; `und` text stays neutral because it may well be English. The label is
 * taken from the rounded score, so the score shown and the label never disagree.
 */
export function analyzeSentiment(words: readonly string[], language: string): Sentiment {
  // "die" is an English lexicon word and the German article: in text known to be in another
  // language, that language's own function words are never English sentiment.
  const foreignFunctionWords = language === 'en' ? undefined : FUNCTION_WORDS[language];
  let sum = 0;
  let positive = 0;
  let negative = 0;
  let negatedUntil = -1;
  words.forEach((raw, index) => {
    const word = normalizeWord(raw);
    if (foreignFunctionWords?.has(word)) return;
    if (NEGATORS.has(word)) {
      negatedUntil = index + NEGATION_WINDOW;
      return;
    }
    const weight = SENTIMENT_LEXICON.get(word);
    if (weight === undefined) return;
    const negated = index <= negatedUntil;
    // One negator flips one hit: "not bad but great" stays positive on "great".
    if (negated) negatedUntil = -1;
    const effective = negated ? weight * NEGATION_FACTOR : weight;
    sum += effective;
    if (effective > 0) positive++;
    else negative++;
  });

  const hits = positive + negative;
  if (hits === 0 && language !== 'en' && language !== 'und') {
    return {
      score: 0,
      label: 'not_applicable',
      notApplicable: 'sentiment-lexicon-is-english-only',
      positive_matches: 0,
      negative_matches: 0,
      method: 'lexicon',
    };
  }
  const raw = words.length === 0 ? 0 : sum / Math.sqrt(words.length);
  const score = roundTo(Math.min(1, Math.max(-1, raw)), 3);
  return {
    score,
    label: sentimentLabel(score),
    positive_matches: positive,
    negative_matches: negative,
    method: 'lexicon',
  };
}
