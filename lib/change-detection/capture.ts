import { createHash } from 'node:crypto';
import { PageDocument } from '../extract/page-document.js';
import { SelectorError, selectRequired } from '../extract/selector.js';
import type { BodyKind } from '../fetch/types.js';
import { type Element, walkElements } from '../html/dom.js';
import { type NoiseRules, withoutNoise } from './noise.js';
import { sketchOf } from './similarity.js';

/**
 * What a check keeps of a page: its normalised text, one line per block, and the hash that decides
 * changed or unchanged. The text is what a reader sees (the whole rendered page, or what the
 * selector matches), whitespace collapsed and blank lines dropped, so markup churn (ids, classes,
 * attribute order, scripts) is never a change while any visible edit is: the hash is over the text
 * in order, so `$19.99` → `$91.99` changes it.
 */
export interface Capture {
  lines: string[];
  contentHash: string;
  /** Tag-sequence sketch of the captured part (line sequence for a page that is not HTML). */
  structure: Uint32Array;
}

export class SelectorNotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SelectorNotFound';
  }
}

export function linesOf(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/[\s\u00a0]+/g, ' ').trim();
    if (line) lines.push(line);
  }
  return lines;
}

export function hashLines(lines: readonly string[]): string {
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

export function captureBody(
  page: { kind: Exclude<BodyKind, 'binary'>; body: string; finalUrl: string },
  selector: string | undefined,
  noise?: NoiseRules,
): Capture {
  if (page.kind === 'html' || page.kind === 'xml') {
    return captureMarkup(page.body, page.finalUrl, selector, noise);
  }
  if (selector !== undefined) {
    throw new SelectorNotFound(`selector ${selector} applies to HTML; this page is ${page.kind}`);
  }
  const all = linesOf(page.body);
  const lines = withoutNoise(all, noise);
  return { lines, contentHash: hashLines(lines), structure: sketchOf(all.map(shapeOfLine)) };
}

function captureMarkup(html: string, url: string, selector: string | undefined, noise?: NoiseRules): Capture {
  const document = PageDocument.parse(html, url);
  let roots: Element[];
  if (selector !== undefined) {
    try {
      roots = selectRequired(document.$, selector);
    } catch (error) {
      const costly = error instanceof SelectorError && error.problem === 'too_costly';
      throw new SelectorNotFound(costly ? error.message : `selector ${selector} matched nothing on the page`);
    }
  } else {
    roots = [(document.$('body')[0] as Element | undefined) ?? (document.$.root()[0] as unknown as Element)];
  }
  const text = document.text({ selector, onlyMainContent: false, clean: true });
  const lines = withoutNoise(linesOf(text), noise);
  const tags: string[] = [];
  for (const root of roots) {
    walkElements(root, (element) => {
      tags.push(element.name);
      return true;
    });
  }
  return { lines, contentHash: hashLines(lines), structure: sketchOf(tags) };
}

/** The shape of a text line, for the structure of plain text and JSON: its kind, not its words. */
function shapeOfLine(line: string): string {
  return line
    .replace(/\p{L}+/gu, 'a')
    .replace(/\p{N}+/gu, '0')
    .slice(0, 40);
}
