import { RE2JS } from 're2js';

/**
 * A caller's regular expression, run on RE2's linear-time engine (re2js, a pure-JS port) instead
 * of V8's backtracking one: `^(a+)+$` against 27 characters took V8 1.5 s and doubles with every
 * character, and even a plain unanchored `a+b` is quadratic there. RE2 matches any pattern it
 * accepts in time linear in the text. What it cannot run is what needs backtracking by nature
 * (backreferences, lookahead and lookbehind): those patterns are refused, with the reason.
 */
export interface LinearPattern {
  readonly source: string;
  /** True when the pattern matches anywhere in `text` (RegExp#test semantics). */
  test(text: string): boolean;
}

export class UnsafePatternError extends Error {
  constructor(
    readonly source: string,
    reason: string,
  ) {
    super(`pattern ${JSON.stringify(source)} cannot run in linear time: ${reason}`);
    this.name = 'UnsafePatternError';
  }
}

const MAX_PATTERN_CHARS = 1_000;
const compiled = new Map<string, LinearPattern>();
const MAX_CACHED = 500;

/** JavaScript (ECMAScript) pattern syntax in; a linear-time matcher out, or UnsafePatternError. */
export function compileLinearPattern(source: string, options: { ignoreCase?: boolean } = {}): LinearPattern {
  const key = `${options.ignoreCase ? 'i' : '-'}${source}`;
  const cached = compiled.get(key);
  if (cached) return cached;
  if (source.length > MAX_PATTERN_CHARS) {
    throw new UnsafePatternError(source.slice(0, 40), `longer than ${MAX_PATTERN_CHARS} characters`);
  }
  let engine: RE2JS;
  try {
    // translateRegExp rewrites the JavaScript-only spellings (\u00e9, \u{…}, (?<name>…)) to RE2's.
    engine = RE2JS.compile(RE2JS.translateRegExp(source), options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    throw new UnsafePatternError(source, (error as Error).message.replace(/^error parsing regexp: /, ''));
  }
  const pattern: LinearPattern = { source, test: (text) => engine.matcher(text).find() };
  if (compiled.size >= MAX_CACHED) compiled.clear();
  compiled.set(key, pattern);
  return pattern;
}

/** The reason `source` is refused, or null when it runs in linear time. */
export function unsafePatternReason(source: string): string | null {
  try {
    compileLinearPattern(source);
    return null;
  } catch (error) {
    if (error instanceof UnsafePatternError) return error.message;
    throw error;
  }
}

/**
 * Why a monitor's ignore pattern is refused, or null: it must be valid JavaScript with the `u` flag
 * (what the caller means by it) and run on the linear-time engine.
 */
export function regexProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : '';
    return `not a valid regular expression (u flag): ${reason}`;
  }
  const unsafe = unsafePatternReason(pattern);
  return unsafe
    ? `needs backtracking (backreferences, lookahead or lookbehind) or syntax the linear-time engine does not run; rewrite it without them (${unsafe})`
    : null;
}

/** A pattern `regexProblem` accepted, compiled for the linear-time engine. */
export function linearRegex(pattern: string): LinearPattern {
  return compileLinearPattern(pattern);
}
