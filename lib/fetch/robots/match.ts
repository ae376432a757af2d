import type { RobotsRule } from './types.js';

const HEX = '0123456789ABCDEF';
const RESERVED = new Set(Array.from(":/?#[]@!$&'()*+,;=", (char) => char.charCodeAt(0)));
const encoder = new TextEncoder();

function isUnreserved(byte: number): boolean {
  return (
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    (byte >= 0x30 && byte <= 0x39) ||
    byte === 0x2d ||
    byte === 0x2e ||
    byte === 0x5f ||
    byte === 0x7e
  );
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/**
 * One canonical spelling for a rule path and a URL path (RFC 9309 §2.2.2), so `/%62az` and `/baz`
 * compare equal whichever side wrote the escape. Unreserved octets are written plain; reserved ones
 * keep whatever form they came in, because `/a%2Fb` and `/a/b` are different resources; every other
 * octet (non-ASCII, space, a stray `%`) is escaped with upper-case hex. `*` and `$` are reserved, so
 * a rule's wildcards survive untouched while `%2A` and `%24` stay literal.
 */
export function normaliseRobotsPath(input: string): string {
  const bytes = encoder.encode(input);
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    let byte = bytes[i];
    let escaped = false;
    if (byte === 0x25) {
      const high = hexValue(bytes[i + 1]);
      const low = hexValue(bytes[i + 2]);
      if (high >= 0 && low >= 0) {
        byte = high * 16 + low;
        escaped = true;
        i += 2;
      }
    }
    if (isUnreserved(byte) || (RESERVED.has(byte) && !escaped)) out += String.fromCharCode(byte);
    else out += `%${HEX[byte >> 4]}${HEX[byte & 15]}`;
  }
  return out;
}

/**
 * Glob match of a normalised rule against a normalised path, anchored at the start. With only `*`
 * as a wildcard, taking the leftmost occurrence of each literal piece is never worse than any later
 * one, so no backtracking is needed: one forward pass, O(path) per rule. The same rule as a regex,
 * `^/.*a.*a….*b`, backtracks to the power of its star count: 12 stars against 60 a's took 137 s.
 */
export function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const head = pieces[0];
  if (!path.startsWith(head)) return false;
  if (pieces.length === 1) return !anchored || path.length === head.length;

  let position = head.length;
  const last = pieces.length - 1;
  for (let i = 1; i < last; i++) {
    if (pieces[i] === '') continue;
    const at = path.indexOf(pieces[i], position);
    if (at === -1) return false;
    position = at + pieces[i].length;
  }
  const tail = pieces[last];
  if (anchored) return path.length - tail.length >= position && path.endsWith(tail);
  return tail === '' || path.indexOf(tail, position) !== -1;
}

/**
 * Longest matching rule wins and Allow wins a tie (RFC 9309 §2.2.2); no matching rule allows.
 * `pathAndQuery` is the URL's path plus its query string, as sent on the request line.
 */
export function rulesAllow(rules: readonly RobotsRule[], pathAndQuery: string): boolean {
  const path = normaliseRobotsPath(pathAndQuery === '' ? '/' : pathAndQuery);
  if (path === '/robots.txt') return true;
  let bestLength = -1;
  let allowed = true;
  for (const rule of rules) {
    if (rule.pattern.length < bestLength) continue;
    if (rule.pattern.length === bestLength && (allowed || !rule.allow)) continue;
    if (!patternMatches(rule.pattern, path)) continue;
    bestLength = rule.pattern.length;
    allowed = rule.allow;
  }
  return allowed;
}
