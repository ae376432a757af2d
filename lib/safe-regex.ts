import { RE2JS } from 're2js';

/**
 * Regular expressions written by callers, run in time linear in the text. JavaScript's engine
 * backtracks (`^(a+)+$` against 30 characters takes seconds), so a caller's pattern is checked as
 * JavaScript with the `u` flag (what the caller means by it) and then compiled by RE2JS, a
 * linear-time engine, which is what matches. Patterns RE2 cannot run in linear time
 * (backreferences, lookaround) are refused.
 */

export interface LinearRegex {
  /** Whether the pattern matches somewhere in `text`. */
  test(text: string): boolean;
}

/** Why a caller's pattern is refused, or null when it compiles and runs in linear time. */
export function regexProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : '';
    return `not a valid regular expression (u flag): ${reason}`;
  }
  try {
    RE2JS.compile(pattern);
  } catch {
    return 'uses syntax that can backtrack catastrophically (backreferences, lookahead or lookbehind) or that the linear-time engine does not know; rewrite it without them';
  }
  return null;
}

/** Compiles a pattern `regexProblem` accepted; throws on one it refuses. */
export function linearRegex(pattern: string): LinearRegex {
  const compiled = RE2JS.compile(pattern);
  return { test: (text) => compiled.matcher(text).find() };
}
