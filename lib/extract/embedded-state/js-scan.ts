/**
 * Lexical helpers for reading inline `<script>` text without running it: skip strings and
 * comments, find where a bracketed literal ends, decode a JS string literal.
 */

export class LiteralError extends Error {
  override name = 'LiteralError';
}

const closerOf: Record<string, string> = { '{': '}', '[': ']', '(': ')' };

/** Index just past the end of the string/template/comment that starts at `start`, or -1 when unterminated. */
export function skipQuotedOrComment(src: string, start: number): number {
  const c = src[start];
  if (c === '"' || c === "'" || c === '`') {
    for (let i = start + 1; i < src.length; i += 1) {
      const ch = src[i];
      if (ch === '\\') i += 1;
      else if (ch === c) return i + 1;
    }
    return -1;
  }
  if (c === '/' && src[start + 1] === '/') {
    const nl = src.indexOf('\n', start + 2);
    return nl === -1 ? src.length : nl + 1;
  }
  if (c === '/' && src[start + 1] === '*') {
    const end = src.indexOf('*/', start + 2);
    return end === -1 ? -1 : end + 2;
  }
  return start;
}

/**
 * Where the bracketed literal opening at `start` closes (index just past the closer), or -1.
 * String-aware so a `}` inside `"a}b"` does not end it; a mismatched closer also gives -1,
 * because a page that truncated or mangled its state is better reported than half-read.
 */
export function scanBalanced(src: string, start: number): number {
  const opener = src[start];
  if (!(opener in closerOf)) return -1;
  const expected: string[] = [closerOf[opener]];
  let i = start + 1;
  while (i < src.length) {
    const ch = src[i];
    if (
      ch === '"' ||
      ch === "'" ||
      ch === '`' ||
      (ch === '/' && (src[i + 1] === '/' || src[i + 1] === '*'))
    ) {
      const next = skipQuotedOrComment(src, i);
      if (next === -1) return -1;
      i = next;
      continue;
    }
    if (ch === '{' || ch === '[' || ch === '(') {
      expected.push(closerOf[ch]);
    } else if (ch === '}' || ch === ']' || ch === ')') {
      if (expected.pop() !== ch) return -1;
      if (expected.length === 0) return i + 1;
    }
    i += 1;
  }
  return -1;
}

/** Skips whitespace and comments; returns the next significant index. */
export function skipSpace(src: string, start: number): number {
  let i = start;
  while (i < src.length) {
    const ch = src.charCodeAt(i);
    if (ch === 0x20 || ch === 0x0a || ch === 0x0d || ch === 0x09 || ch === 0xa0 || ch === 0xfeff) {
      i += 1;
    } else if (ch === 0x2f && (src[i + 1] === '/' || src[i + 1] === '*')) {
      const next = skipQuotedOrComment(src, i);
      if (next === -1) return src.length;
      i = next;
    } else {
      return i;
    }
  }
  return i;
}

const simpleEscapes: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

/** Decodes the JS string literal (`'…'`, `"…"`, or a template without `${}`) at `start`. */
export function readJsString(src: string, start: number): { value: string; end: number } {
  const quote = src[start];
  let out = '';
  let i = start + 1;
  let runStart = i;
  while (i < src.length) {
    const ch = src[i];
    if (ch === quote) {
      out += src.slice(runStart, i);
      return { value: out, end: i + 1 };
    }
    if (quote === '`' && ch === '$' && src[i + 1] === '{') {
      throw new LiteralError('template literal with substitutions');
    }
    if (ch === '\\') {
      out += src.slice(runStart, i);
      const esc = src[i + 1];
      if (esc === undefined) break;
      if (esc === 'x') {
        out += hexChar(src.slice(i + 2, i + 4), 2);
        i += 4;
      } else if (esc === 'u' && src[i + 2] === '{') {
        const close = src.indexOf('}', i + 3);
        if (close === -1) throw new LiteralError('bad \\u{} escape');
        const code = Number.parseInt(src.slice(i + 3, close), 16);
        if (!Number.isFinite(code) || code > 0x10ffff) throw new LiteralError('bad \\u{} escape');
        out += String.fromCodePoint(code);
        i = close + 1;
      } else if (esc === 'u') {
        out += hexChar(src.slice(i + 2, i + 6), 4);
        i += 6;
      } else if (esc === '\r' || esc === '\n' || esc === '\u2028' || esc === '\u2029') {
        // Line continuation contributes nothing.
        i += esc === '\r' && src[i + 2] === '\n' ? 3 : 2;
      } else {
        out += simpleEscapes[esc] ?? esc;
        i += 2;
      }
      runStart = i;
      continue;
    }
    if ((ch === '\n' || ch === '\r') && quote !== '`') throw new LiteralError('unterminated string');
    i += 1;
  }
  throw new LiteralError('unterminated string');
}

function hexChar(hex: string, length: number): string {
  if (hex.length !== length || !/^[0-9a-fA-F]+$/.test(hex)) throw new LiteralError('bad hex escape');
  return String.fromCharCode(Number.parseInt(hex, 16));
}

/** Index of the next `return` keyword at bracket depth 0 from `start`, before `end`; -1 if none. */
export function findTopLevelReturn(src: string, start: number, end: number): number {
  let depth = 0;
  let i = start;
  while (i < end) {
    const ch = src[i];
    if (
      ch === '"' ||
      ch === "'" ||
      ch === '`' ||
      (ch === '/' && (src[i + 1] === '/' || src[i + 1] === '*'))
    ) {
      const next = skipQuotedOrComment(src, i);
      if (next === -1) return -1;
      i = next;
      continue;
    }
    if (ch === '{' || ch === '[' || ch === '(') depth += 1;
    else if (ch === '}' || ch === ']' || ch === ')') depth -= 1;
    else if (depth === 0 && ch === 'r' && src.startsWith('return', i) && isWordBoundary(src, i, i + 6)) {
      return i;
    }
    i += 1;
  }
  return -1;
}

function isWordBoundary(src: string, start: number, end: number): boolean {
  const identifier = /[\w$]/;
  return !identifier.test(src[start - 1] ?? '') && !identifier.test(src[end] ?? '');
}
