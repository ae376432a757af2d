import { FUNCTION_WORDS } from './stop-words.js';
import { codePointLength } from './text.js';
import { normalizeWord } from './words.js';

export interface Keyword {
  word: string;
  frequency: number;
}

export const KEYWORD_LIMIT = 10;
/** docs/reference/pages.md#analyze_content: "words over 3 characters", i.e. at least four. */
const MIN_KEYWORD_CHARS = 4;
/** Longer "words" are tokens, hashes or glued junk (`a-a-a-…`), not keywords. */
const MAX_KEYWORD_CHARS = 64;

/** French/Italian elisions (l', d', qu', dell') glue an article onto the noun. */
const ELISION = /^(?:[\p{L}]{1,2}|qu|dell|dall|nell|sull|all)'(?=\p{L})/u;

/**
 * The ten most frequent words longer than three characters, lower-cased, excluding function words of
 * English (web pages in any language carry English boilerplate) and of `language` when it has a list.
 * Ties go to the word that appears first, because the lead of a text names its subject; the order is
 * therefore fully determined by the input.
 */
export function extractKeywords(
  words: readonly string[],
  language = 'und',
  limit = KEYWORD_LIMIT,
): Keyword[] {
  const excluded = [FUNCTION_WORDS.en, FUNCTION_WORDS[language]].filter((set) => set !== undefined);
  const counts = new Map<string, { frequency: number; firstSeen: number }>();
  words.forEach((raw, index) => {
    // A code point is one or two UTF-16 units, so fewer units than the minimum can never qualify.
    if (raw.length < MIN_KEYWORD_CHARS || raw.length > 2 * MAX_KEYWORD_CHARS) return;
    const word = keywordForm(raw);
    const length = codePointLength(word);
    if (length < MIN_KEYWORD_CHARS || length > MAX_KEYWORD_CHARS || !/\p{L}/u.test(word)) return;
    if (excluded.some((set) => set.has(word))) return;
    const entry = counts.get(word);
    if (entry) entry.frequency++;
    else counts.set(word, { frequency: 1, firstSeen: index });
  });
  return [...counts.entries()]
    .sort(([, a], [, b]) => b.frequency - a.frequency || a.firstSeen - b.firstSeen)
    .slice(0, limit)
    .map(([word, { frequency }]) => ({ word, frequency }));
}

/** "Company's" counts as "company" and "l'homme" as "homme"; contractions stay whole (they are function words). */
function keywordForm(raw: string): string {
  const word = normalizeWord(raw);
  if (!word.includes("'")) return word;
  if (word.endsWith("'s")) return word.slice(0, -2);
  return word.replace(ELISION, '');
}
