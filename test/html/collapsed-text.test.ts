import { describe, expect, it } from 'vitest';
import { CollapsedLines, collapsedLength, isJsWhitespace } from '../../lib/html/collapsed-text.js';

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
/** What the gate computed before: pieces joined, split into lines, each collapsed, empty lines dropped. */
const linesByRegex = (pieces: string[]) =>
  pieces.join('').split('\n').map(collapse).filter(Boolean).join('\n');

const ALPHABET = [
  'a',
  'b',
  'é',
  '😀',
  ' ',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u00a0',
  '\u2028',
  '\u3000',
  '\ufeff',
  '\u200b',
];

/** Deterministic pseudo-random pieces, so a failure reproduces. */
function pieces(seed: number): string[] {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  return Array.from({ length: next(6) + 1 }, () =>
    Array.from({ length: next(12) }, () => ALPHABET[next(ALPHABET.length)]).join(''),
  );
}

describe('collapsed text', () => {
  it('treats exactly the code units of the regular expression \\s as white space', () => {
    const disagreements: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (isJsWhitespace(code) !== /\s/.test(String.fromCharCode(code)))
        disagreements.push(code.toString(16));
    }
    expect(disagreements).toEqual([]);
  });

  it('measures what replace-and-trim leaves', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const text = pieces(seed).join('');
      expect(collapsedLength(text), JSON.stringify(text)).toBe(collapse(text).length);
    }
  });

  it('reads pieces back as the line-by-line collapse of their concatenation', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const input = pieces(seed);
      const lines = new CollapsedLines();
      for (const piece of input) {
        if (piece === '\n') lines.lineBreak();
        else lines.add(piece);
      }
      expect(lines.toString(), JSON.stringify(input)).toBe(linesByRegex(input));
    }
  });

  it('treats a line break as the piece "\\n"', () => {
    const lines = new CollapsedLines();
    lines.add(' 403  Forbidden ');
    lines.lineBreak();
    lines.lineBreak();
    lines.add('nginx');
    lines.add('\u00a0 ');
    expect(lines.toString()).toBe('403 Forbidden\nnginx');
  });
});
