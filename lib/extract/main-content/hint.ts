import { type Element, rawText } from '../../html/dom.js';
import type { ContentStats } from './stats.js';

/** Below this a JSON-LD articleBody is usually a teaser, not the body. */
const MIN_HINT_CHARS = 500;
const MAX_CANDIDATES = 20;

function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

function overlap(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0;
  for (const [word, count] of a) shared += Math.min(count, b.get(word) ?? 0);
  return shared;
}

function total(counts: Map<string, number>): number {
  let n = 0;
  for (const count of counts.values()) n += count;
  return n;
}

/**
 * The element whose text best matches the page's own JSON-LD `articleBody`. The publisher wrote that
 * text, so an element that covers 85 % of its words with little else is the body, whatever the scores
 * say. Only elements of comparable size are compared, which keeps this cheap on huge pages; a hint
 * that matches nothing closely (truncated, or from another article) is ignored.
 */
export function matchArticleBody(
  hint: string,
  scores: Map<Element, number>,
  stats: ContentStats,
  removed: ReadonlySet<Element>,
): Element | null {
  const hintLength = hint.replace(/\s+/g, ' ').trim().length;
  if (hintLength < MIN_HINT_CHARS) return null;
  const candidates = [...scores.entries()]
    .filter(([el]) => {
      const length = stats.get(el).text;
      return length >= hintLength * 0.7 && length <= hintLength * 3;
    })
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_CANDIDATES)
    .map(([el]) => el);
  if (candidates.length === 0) return null;
  const target = wordCounts(hint);
  const targetTotal = total(target);
  let best: Element | null = null;
  let bestF1 = 0;
  for (const el of candidates) {
    const words = wordCounts(rawText(el, (child) => removed.has(child)));
    const shared = overlap(target, words);
    const recall = shared / targetTotal;
    const precision = shared / Math.max(1, total(words));
    if (recall < 0.85 || precision < 0.6) continue;
    const f1 = (2 * precision * recall) / (precision + recall);
    if (f1 > bestF1) {
      bestF1 = f1;
      best = el;
    }
  }
  return best;
}
