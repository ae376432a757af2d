import { CYRILLIC_PROFILES, LATIN_PROFILES } from './stop-words.js';
import { normalizeWord, tokenizeWords } from './words.js';

/** Returned when the text is too short or carries no usable signal (ISO 639-2 "undetermined"). */
export const UNDETERMINED = 'und';

/** Alphabetic scripts need a few words before function words or letter shapes mean anything. */
const MIN_LETTERS = 10;
/** One Han, kana or Hangul character carries about a syllable or a word. */
const MIN_CJK_LETTERS = 4;
/** A Latin/Cyrillic guess needs at least this many function-word hits (letter hints included). */
const MIN_PROFILE_SCORE = 2;
/** The opening of a page decides as well as the whole and keeps a 25 MB body from costing seconds. */
const SAMPLE_CHARS = 50_000;

interface ScriptRule {
  script: string;
  pattern: RegExp;
  /** Set when one language owns the script. */
  language?: string;
}

const SCRIPTS: ScriptRule[] = [
  { script: 'latin', pattern: /\p{Script=Latin}/u },
  { script: 'cyrillic', pattern: /\p{Script=Cyrillic}/u },
  { script: 'cjk', pattern: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u },
  { script: 'hangul', pattern: /\p{Script=Hangul}/u, language: 'ko' },
  { script: 'arabic', pattern: /\p{Script=Arabic}/u },
  { script: 'hebrew', pattern: /\p{Script=Hebrew}/u, language: 'he' },
  { script: 'greek', pattern: /\p{Script=Greek}/u, language: 'el' },
  { script: 'thai', pattern: /\p{Script=Thai}/u, language: 'th' },
  // Marathi and Nepali share Devanagari; Hindi is by far the most common on the web.
  { script: 'devanagari', pattern: /\p{Script=Devanagari}/u, language: 'hi' },
  { script: 'georgian', pattern: /\p{Script=Georgian}/u, language: 'ka' },
  { script: 'armenian', pattern: /\p{Script=Armenian}/u, language: 'hy' },
  { script: 'bengali', pattern: /\p{Script=Bengali}/u, language: 'bn' },
  { script: 'tamil', pattern: /\p{Script=Tamil}/u, language: 'ta' },
  { script: 'telugu', pattern: /\p{Script=Telugu}/u, language: 'te' },
  { script: 'kannada', pattern: /\p{Script=Kannada}/u, language: 'kn' },
  { script: 'malayalam', pattern: /\p{Script=Malayalam}/u, language: 'ml' },
  { script: 'gujarati', pattern: /\p{Script=Gujarati}/u, language: 'gu' },
  { script: 'gurmukhi', pattern: /\p{Script=Gurmukhi}/u, language: 'pa' },
  { script: 'sinhala', pattern: /\p{Script=Sinhala}/u, language: 'si' },
  { script: 'khmer', pattern: /\p{Script=Khmer}/u, language: 'km' },
  { script: 'lao', pattern: /\p{Script=Lao}/u, language: 'lo' },
  { script: 'myanmar', pattern: /\p{Script=Myanmar}/u, language: 'my' },
  { script: 'ethiopic', pattern: /\p{Script=Ethiopic}/u, language: 'am' },
];

/** Letters one language of a shared script uses and its neighbours do not; each distinct one adds a point. */
const LETTER_HINTS: Record<string, RegExp> = {
  es: /[ñ¿¡]/gu,
  pt: /[ãõ]/gu,
  fr: /[œûïÿ]/gu,
  de: /[ß]/gu,
  pl: /[ąęłńśźż]/gu,
  tr: /[ğış]/gu,
  da: /[øæ]/gu,
  cs: /[ěřů]/gu,
  ro: /[șțăş]/gu,
  hu: /[őű]/gu,
  ru: /[ыэъё]/gu,
  uk: /[іїєґ]/gu,
};

/**
 * ISO 639-1 code of the text's language, or `und`. Deterministic and dependency-free: the dominant
 * script decides where one language owns it (kana → ja, Hangul → ko, Han without kana → zh, Hebrew,
 * Greek, Thai, ...); Arabic script splits into ar/fa/ur by letters only Persian or Urdu use; Latin and
 * Cyrillic text is scored against function-word profiles plus language-specific letters, and a tie or a
 * weak best score gives `und` rather than a guess.
 */
export function detectLanguage(text: string): string {
  const sample = text.slice(0, SAMPLE_CHARS).normalize('NFC');
  const dominant = dominantScript(sample);
  if (!dominant) return UNDETERMINED;
  const minimum =
    dominant.rule.script === 'cjk' || dominant.rule.script === 'hangul' ? MIN_CJK_LETTERS : MIN_LETTERS;
  if (dominant.letters < minimum) return UNDETERMINED;

  switch (dominant.rule.script) {
    case 'cjk':
      // Japanese always mixes kana into its kanji; Chinese never uses kana.
      return /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(sample) ? 'ja' : 'zh';
    case 'arabic':
      if (/[\u0679\u0688\u0691\u06ba\u06d2]/u.test(sample)) return 'ur';
      if (/[\u067e\u0686\u0698\u06af]/u.test(sample)) return 'fa';
      return 'ar';
    case 'latin':
      return bestProfile(sample, LATIN_SETS);
    case 'cyrillic':
      return bestProfile(sample, CYRILLIC_SETS);
    default:
      return dominant.rule.language ?? UNDETERMINED;
  }
}

/** The script most letters belong to; a tie between two scripts is no signal. */
function dominantScript(text: string): { rule: ScriptRule; letters: number } | null {
  const counts = new Map<ScriptRule, number>();
  const latin = SCRIPTS[0];
  for (const char of text) {
    // ASCII letters are most of most pages: skip the regex table for them.
    const rule = /[A-Za-z]/.test(char) ? latin : /\p{L}/u.test(char) ? scriptOf(char) : undefined;
    if (rule) counts.set(rule, (counts.get(rule) ?? 0) + 1);
  }
  let best: { rule: ScriptRule; letters: number } | null = null;
  let tied = false;
  for (const [rule, letters] of counts) {
    if (!best || letters > best.letters) {
      best = { rule, letters };
      tied = false;
    } else if (letters === best.letters) {
      tied = true;
    }
  }
  return tied ? null : best;
}

function scriptOf(char: string): ScriptRule | undefined {
  return SCRIPTS.find((rule) => rule.pattern.test(char));
}

type ProfileSets = [language: string, words: ReadonlySet<string>][];

const toSets = (profiles: Record<string, readonly string[]>): ProfileSets =>
  Object.entries(profiles).map(([language, list]) => [language, new Set(list)]);
const LATIN_SETS = toSets(LATIN_PROFILES);
const CYRILLIC_SETS = toSets(CYRILLIC_PROFILES);

function bestProfile(text: string, profiles: ProfileSets): string {
  const words = tokenizeWords(text).map(normalizeWord);
  const lowered = text.toLowerCase();
  const scores = profiles.map(([language, set]) => {
    const hits = words.filter((word) => set.has(word)).length;
    const hint = LETTER_HINTS[language];
    const hintLetters = hint ? new Set(lowered.match(hint) ?? []).size : 0;
    return { language, score: hits + hintLetters };
  });
  scores.sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  if (!best || best.score < MIN_PROFILE_SCORE) return UNDETERMINED;
  if (second && second.score === best.score) return UNDETERMINED;
  return best.language;
}
