import { describe, expect, it } from 'vitest';
import { nextUrlToken } from '../../lib/tools/extract-text/url-tokens.js';

// The expression the scan stands for (see url-tokens.ts).
const URL_TOKEN = /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bmailto:|\btel:)[^\s<>()[\]]+/gi;

function byExpression(text: string): [number, number][] {
  return [...text.matchAll(URL_TOKEN)].map((match) => [match.index, match.index + match[0].length]);
}

function byScan(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (let url = nextUrlToken(text, 0); url !== null; url = nextUrlToken(text, url.end))
    ranges.push([url.start, url.end]);
  return ranges;
}

// Pieces of schemes and of what surrounds links, with the characters the rules turn on: the scheme
// class, word characters outside it (_), separators the tail stops at, and non-ASCII letters that
// case-folding could confuse with ASCII (ſ, the Kelvin sign).
const PIECES = [
  ...'http|HTTPS|mailto|MailTo|tel|TEL|x|a1|ftp|:|://|:/|//|+|.|-|_|9|<|>|(|)|[|]|é|ſ|@|#|?|=|ex.com'.split(
    '|',
  ),
  ' ',
  '\n',
  '\u212a',
];

function randomText(random: () => number, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += PIECES[Math.floor(random() * PIECES.length)];
  return text;
}

describe('nextUrlToken', () => {
  it('finds the matches of the URL expression, in order', () => {
    let seed = 23;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 5000; round++) {
      const text = randomText(random, 1 + Math.floor(random() * 30));
      expect(byScan(text), JSON.stringify(text)).toEqual(byExpression(text));
    }
  });

  it('reads links as markdown writes them', () => {
    const text = 'See [docs](https://ex.com/a_b) or mail:x, mailto:me@ex.com, a.b+c://y and (tel:+1-555).';
    expect(byScan(text)).toEqual(byExpression(text));
    expect(byScan(text).map(([start, end]) => text.slice(start, end))).toEqual([
      'https://ex.com/a_b',
      'mailto:me@ex.com,',
      'a.b+c://y',
      'tel:+1-555',
    ]);
  });
});
