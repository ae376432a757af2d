import { isJsWhitespace } from '../../html/collapsed-text.js';

/**
 * Markdown escaping of text (the rules turndown applies, in two passes instead of thirteen), with
 * one change: an underscore inside a word is left alone, since CommonMark never reads intraword `_`
 * as emphasis and `snake\_case` is noise to every reader of the output.
 */
export function escapeMarkdown(text: string): string {
  // Each step runs only where it can change something: most text needs none, and three
  // replacements on every text node of a 4 MB page cost more than the tests.
  const inner = ESCAPED_ANYWHERE.test(text)
    ? text.replace(/[\\*`[\]]|_/g, (c, offset: number, whole: string) => {
        if (c !== '_') return `\\${c}`;
        const before = whole[offset - 1];
        const after = whole[offset + 1];
        return before && after && /[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(after) ? '_' : '\\_';
      })
    : text;
  const first = inner.charCodeAt(0);
  // A dash starts a list item or a rule only before a space or the end of the text ("- item",
  // "---"): "-24", "-Mark Twain" and "--help" read as written.
  if (LINE_START_MARKS.has(first)) return inner.replace(/^(?:-+(?=[ \t]|$)|\+ |=+|#{1,6} |~~~|>)/, '\\$&');
  if (first >= 48 && first <= 57) return inner.replace(/^(\d+)\. /, '$1\\. ');
  return inner;
}

const ESCAPED_ANYWHERE = /[\\*`[\]_]/;
/** First characters of a line that markdown may read as a list, heading, rule or quote: - + = # ~ >. */
const LINE_START_MARKS = new Set([45, 43, 61, 35, 126, 62]);

/**
 * Keeps at most one blank line between blocks (turndown leaves more around removed elements), except
 * inside fenced code, whose blank lines are content; a kept blank line is emptied. Line by line, so
 * linear on any input, and written as slices of the input: runs of lines kept as they are stay one
 * slice, where splitting into lines and joining them again copied a 2 MB result line by line.
 */
export function tidyMarkdown(markdown: string): string {
  const pieces: string[] = [];
  /** Start of the run of lines kept as they are, or -1. */
  let keptFrom = -1;
  let fence = '';
  let blankRun = 0;
  let lineStart = 0;
  for (;;) {
    const newline = markdown.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? markdown.length : newline;
    const opening = fenceAt(markdown, lineStart, lineEnd);
    let kept = true;
    if (fence) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = '';
    } else {
      if (opening) fence = opening;
      if (isBlank(markdown, lineStart, lineEnd)) {
        blankRun++;
        // The first blank line of a run stays, emptied; an empty one is already what it becomes.
        kept = blankRun === 1 && lineStart === lineEnd;
        if (blankRun === 1 && !kept) {
          if (keptFrom !== -1) pieces.push(markdown.slice(keptFrom, lineStart - 1));
          pieces.push('');
          keptFrom = -1;
        } else if (!kept && keptFrom !== -1) {
          pieces.push(markdown.slice(keptFrom, lineStart - 1));
          keptFrom = -1;
        }
      } else blankRun = 0;
    }
    if (kept && keptFrom === -1) keptFrom = lineStart;
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (keptFrom !== -1) pieces.push(markdown.slice(keptFrom));
  return pieces.join('\n').trim();
}

/** The fence (```` ``` ```` or `~~~`, three or more) a line opens with after up to three spaces, else ''. */
function fenceAt(text: string, start: number, end: number): string {
  let at = start;
  while (at < end && at - start < 3 && isJsWhitespace(text.charCodeAt(at))) at++;
  const mark = text.charCodeAt(at);
  if (mark !== 96 && mark !== 126) return '';
  let stop = at;
  while (stop < end && text.charCodeAt(stop) === mark) stop++;
  return stop - at >= 3 ? text.slice(at, stop) : '';
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isJsWhitespace(text.charCodeAt(i))) return false;
  return true;
}
