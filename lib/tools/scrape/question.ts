import type { Passage } from './passages.js';
import { rankPassages } from './rank.js';
import { contentTerms } from './terms.js';

export interface Evidence {
  text: string;
  offset: number;
  length: number;
  score: number;
}

export interface Answer {
  text: string;
  grounded: boolean;
  evidence: Evidence[];
}

export const NOT_FOUND_ANSWER = 'Not found in the page: no passage matches enough of the question';

const MAX_EVIDENCE = 3;
/*
 * Grounded means the best passage holds at least half of the question's content words, and two of them
 * when the question has two or more: one shared word ("timeout") is a topic, not an answer.
 */
const MIN_COVERAGE = 0.5;
const MIN_SHARED_TERMS = 2;
/** Evidence beside the best passage must be a close second, not anything that mentions one word. */
const MIN_EVIDENCE_SHARE = 0.5;

/**
 * Extractive: the answer is the passage of the page that best matches the question, quoted as written.
 * When it is not grounded, `text` says so and `evidence` lists the closest passages, which the caller
 * can read but which do not answer the question.
 */
export function answerQuestion(passages: readonly Passage[], question: string): Answer {
  // A question of function words only ("what is it?") names nothing the page could answer.
  const terms = contentTerms(question);
  const ranked = rankPassages(passages, terms);
  const best = ranked[0];
  const evidence = ranked
    .slice(0, MAX_EVIDENCE)
    .filter((passage) => passage.score >= best.score * MIN_EVIDENCE_SHARE)
    .map(({ text, offset, length, score }) => ({ text, offset, length, score }));
  const grounded =
    best !== undefined &&
    best.matched / terms.length >= MIN_COVERAGE &&
    best.matched >= Math.min(MIN_SHARED_TERMS, terms.length);
  return { text: grounded ? best.text : NOT_FOUND_ANSWER, grounded, evidence };
}
