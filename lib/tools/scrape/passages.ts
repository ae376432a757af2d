import { termsOf } from './terms.js';

export type PassageKind = 'sentence' | 'code_block';

/** A span of the markdown: `markdown.slice(offset, offset + length) === text`, always. */
export interface Passage {
  text: string;
  kind: PassageKind;
  offset: number;
  length: number;
  /** What relevance is counted on: the words a reader sees, link targets left out. */
  terms: string[];
}

/** "Read more." and "By Priya Raman" are not passages anyone asks for, yet shortness would rank them first. */
const MIN_SENTENCE_TERMS = 3;

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}#{1,6}(?:\s|$)/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const TABLE_ROW = /^\s*\|/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
/** Quote markers, then one list marker: what precedes the prose of a line. */
const LINE_PREFIX = /^\s*(?:>\s?)*\s*(?:[-*+]\s+|\d+[.)]\s+)?/;
/*
 * A sentence ends at a run of . ! ? (with closing quotes, brackets or emphasis) before whitespace, so
 * 2.0, example.com and v1.2.3 stay whole; CJK full stops end one wherever they stand. The lookbehinds
 * (and `[` excluded inside link text) start a match only at the head of a run: otherwise one long run of
 * `!`, `[` or `a.a.a` costs quadratic backtracking.
 */
const SENTENCE_END = /(?<![.!?])[.!?]+["'”’)\]*_]*(?=\s)|[。！？]+/g;
const LINK_TARGET = /(!?\[[^[\]]*\])\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)/g;
const BARE_URL = /<?(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s>]+>?/gi;

/**
 * The passages of a markdown document in order: the sentences of its paragraphs and list items, its
 * table rows (header and delimiter rows left out: a header repeated into every row made short rows
 * outrank the sentences that explain them) and its fenced code blocks (the code between the
 * fences; the language named after the opening fence counts as a term). Headings are left out: they
 * name a topic rather than say something about it.
 */
export function passagesOf(markdown: string): Passage[] {
  const passages: Passage[] = [];
  const lines = markdown.split('\n');
  let fence: { marker: string; info: string; contentStart: number } | null = null;
  let lineStart = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const start = lineStart;
    lineStart += line.length + 1;
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      const closes =
        fenceMatch !== null &&
        fenceMatch[1][0] === fence.marker[0] &&
        fenceMatch[1].length >= fence.marker.length &&
        fenceMatch[2].trim() === '';
      if (closes) {
        pushCode(passages, markdown, fence.contentStart, start - 1, fence.info);
        fence = null;
      }
      continue;
    }
    if (fenceMatch) {
      fence = { marker: fenceMatch[1], info: fenceMatch[2].trim(), contentStart: lineStart };
      continue;
    }
    if (!line.trim() || HEADING.test(line) || THEMATIC_BREAK.test(line)) continue;
    if (TABLE_ROW.test(line)) {
      const isHeader = TABLE_DELIMITER.test(lines[i + 1] ?? '');
      if (!isHeader && !TABLE_DELIMITER.test(line)) pushSpan(passages, markdown, start, start + line.length);
      continue;
    }
    const prefix = LINE_PREFIX.exec(line)?.[0].length ?? 0;
    pushSentences(passages, markdown, start + prefix, start + line.length);
  }
  if (fence) pushCode(passages, markdown, fence.contentStart, markdown.length, fence.info);
  return passages;
}

function pushSentences(passages: Passage[], markdown: string, from: number, to: number): void {
  const line = markdown.slice(from, to);
  let start = 0;
  for (const match of line.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    pushSpan(passages, markdown, from + start, from + end);
    start = end;
  }
  pushSpan(passages, markdown, from + start, to);
}

/** Trims whitespace off both ends, so the span starts and ends on the passage's own characters. */
function pushSpan(passages: Passage[], markdown: string, from: number, to: number): void {
  while (from < to && /\s/.test(markdown[from])) from++;
  while (to > from && /\s/.test(markdown[to - 1])) to--;
  const text = markdown.slice(from, to);
  const terms = termsOf(visibleText(text));
  if (terms.length < MIN_SENTENCE_TERMS) return;
  passages.push({ text, kind: 'sentence', offset: from, length: to - from, terms });
}

function pushCode(passages: Passage[], markdown: string, from: number, to: number, info: string): void {
  if (to <= from) return;
  const text = markdown.slice(from, to);
  const terms = termsOf(`${info} ${text}`);
  if (terms.length === 0) return;
  passages.push({ text, kind: 'code_block', offset: from, length: to - from, terms });
}

/** Link and image targets are addresses, not words of the passage: `[guide](https://…/retries)` reads "guide". */
function visibleText(markdown: string): string {
  return markdown.replace(LINK_TARGET, '$1').replace(BARE_URL, ' ');
}
