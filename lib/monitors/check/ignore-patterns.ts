import type { LineMatcher } from '../../change-detection/noise.js';
import { linearRegex } from '../../safe-regex.js';

/**
 * A target's `ignore_patterns`, compiled once per pattern for the linear-time engine: every check
 * of every monitor with the same pattern reuses it. Validation refused the patterns it cannot run.
 */
const compiled = new Map<string, LineMatcher>();
const MAX_CACHED = 5_000;

export function ignoreMatchers(patterns: readonly string[] | undefined): LineMatcher[] {
  return (patterns ?? []).map((source) => {
    let matcher = compiled.get(source);
    if (!matcher) {
      if (compiled.size >= MAX_CACHED) compiled.clear();
      matcher = linearRegex(source);
      compiled.set(source, matcher);
    }
    return matcher;
  });
}
