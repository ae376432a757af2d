import { FUNCTION_WORDS } from '../../analysis/stop-words.js';
import { normalizeWord, tokenizeWords } from '../../analysis/words.js';

/*
 * The words that relevance is counted on. Both sides (query and passage) go through the same steps, so a
 * crude stem is enough: it only has to send "timeouts" and "timeout", or "retried" and "retry", to one term
 * more often than not. It never runs on words outside ASCII, where its English suffixes would do harm.
 */

const STOP_WORDS = FUNCTION_WORDS.en!;

/** `createClient` and `TimeoutError` are how code names things; a query says "create client". */
function splitCamelCase(word: string): string[] {
  return word.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').split(' ');
}

export function stem(word: string): string {
  let w = word.endsWith("'s") ? word.slice(0, -2) : word;
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  if (/ie[sd]$/.test(w) && w.length > 4) return `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses') || /(?:ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length >= 6) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length >= 5) w = undouble(w.slice(0, -2));
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** "running" → "runn" → "run"; "called" keeps its double l, as "call" does. */
function undouble(w: string): string {
  return /([b-df-hjkmnp-rtv-z])\1$/.test(w) ? w.slice(0, -1) : w;
}

/** Every word of `text` as a term, stop words included (they count towards a passage's length). */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of tokenizeWords(text)) {
    for (const part of splitCamelCase(word)) terms.push(stem(normalizeWord(part)));
  }
  return terms;
}

/** The distinct terms of a query or question that are not function words, in order. */
export function contentTerms(text: string): string[] {
  return distinctTerms(text, true);
}

/**
 * The terms a highlights query is matched on: its content terms, or, for a query made only of function
 * words ("to be or not to be"), all of them rather than nothing.
 */
export function queryTerms(text: string): string[] {
  const content = contentTerms(text);
  return content.length > 0 ? content : distinctTerms(text, false);
}

function distinctTerms(text: string, skipFunctionWords: boolean): string[] {
  const terms: string[] = [];
  for (const word of tokenizeWords(text)) {
    for (const part of splitCamelCase(word)) {
      const normalized = normalizeWord(part);
      if (skipFunctionWords && STOP_WORDS.has(normalized)) continue;
      const term = stem(normalized);
      if (!terms.includes(term)) terms.push(term);
    }
  }
  return terms;
}
