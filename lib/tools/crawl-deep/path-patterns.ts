import { normaliseRobotsPath, patternMatches } from '../../fetch/robots/index.js';

/**
 * include_paths / exclude_paths are robots.txt-style patterns (`/blog/*`, `*.pdf$`): `*` matches any
 * run of characters, a final `$` anchors the end, and a pattern matches from the start of the path
 * and query. The matcher is robots.txt's own single-pass glob, so a hostile pattern costs linear time
 * (regular expressions from callers could backtrack for seconds).
 */
export function pathPattern(pattern: string): string {
  const trimmed = pattern.trim();
  const rooted = trimmed.startsWith('/') || trimmed.startsWith('*') ? trimmed : `/${trimmed}`;
  return normaliseRobotsPath(rooted);
}

export function pathFilter(include: readonly string[], exclude: readonly string[]) {
  const includes = include.map(pathPattern);
  const excludes = exclude.map(pathPattern);
  return (url: string): boolean => {
    const parsed = new URL(url);
    const path = normaliseRobotsPath(parsed.pathname + parsed.search);
    if (excludes.some((pattern) => patternMatches(pattern, path))) return false;
    return includes.length === 0 || includes.some((pattern) => patternMatches(pattern, path));
  };
}
