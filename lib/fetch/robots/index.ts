/**
 * robots.txt per RFC 9309, hand-written rather than robots-parser 3.0.1: that library does not
 * percent-decode before matching (`/%62az` slips past `Disallow: /baz`), picks groups badly from a
 * full User-Agent string, and its O(pattern × path) matcher took ~3 s on a pathological wildcard
 * file (SECURITY-NOTES). Working around all three would leave little of it in use; what replaces it
 * is one normalisation function and a single-pass glob (match.ts) over a small parser (parse.ts).
 */
import { rulesAllow } from './match.js';
import { parseRobots, selectGroup } from './parse.js';

export { checkRobots } from './check.js';
export { normaliseRobotsPath, patternMatches } from './match.js';
export {
  MAX_ROBOTS_BYTES,
  MAX_ROBOTS_RULES,
  parseRobots,
  selectGroup,
} from './parse.js';
export type { RobotsFileFetcher } from './types.js';

/** One-shot form for callers holding the raw text: may `productToken` fetch `pathAndQuery`? */
export function robotsAllows(robotsText: string, productToken: string, pathAndQuery: string): boolean {
  return rulesAllow(selectGroup(parseRobots(robotsText), productToken).rules, pathAndQuery);
}
