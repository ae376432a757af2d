import { type AnyNode, type Element, HEADING_TAGS, isElement } from '../../html/dom.js';
import { isFurnitureLine, READING_TIME } from './label-words.js';
import { type ContentStats, INLINE_TAGS, isOutboundHref } from './stats.js';

/** Lines longer than this are never trimmed from the edges, whatever they say. */
const MAX_EDGE_LINE_CHARS = 300;
/** The edges never lose more than this many lines, nor more than this share of the article. */
const MAX_EDGE_LINES = 8;
const MAX_EDGE_SHARE = 0.25;
/** A line this long is article text: the edges end there. */
const MIN_ARTICLE_LINE_CHARS = 150;

/** A text block: an element holding text of its own, with that text (child blocks left out). */
interface Line {
  el: Element;
  text: string;
  linkText: number;
}

const LABEL_SEPARATOR = /\s+[|·•]\s+/u;
const SOCIAL_NETWORKS =
  /\b(?:facebook|twitter|instagram|youtube|linkedin|tiktok|whatsapp|telegram|pinterest|xing|threads|mastodon|snapchat)\b/giu;
const SUBSCRIBE_WORDS =
  /\b(?:newsletter|subscribe|your inbox|abonnieren|abonnez|suscr[ií]b|iscriviti|inscreva|assine|abonneer|подпис)/iu;
/** Words that mark a byline only when a name follows ("By", "Von"), and labels that always do. */
const BYLINE_PREFIX = /^(?:by|von|par|por|di|door|av|af|text|texto|fotos?)\s*:?\s+/iu;
const AUTHOR_LABEL =
  /^(?:autor(?:in|en)?|authors?|written by|posted by|published by|geschrieben von|verfasst von|erstellt von|publié par|écrit par|publicado por|escrito por|pubblicato da|scritto da)\s*:?\s+/iu;

/** "By Jane Doe", "Von Max Muster": the marker, then a capitalised name. */
function startsWithByline(text: string): boolean {
  const marker = BYLINE_PREFIX.exec(text);
  return marker !== null && /^\p{Lu}/u.test(text.slice(marker[0].length));
}

function isByline(text: string): boolean {
  if (text.length < 140 && AUTHOR_LABEL.test(text)) return true;
  return startsWithByline(text) && (text.length < 60 || (text.length < 140 && DATE.test(text)));
}
const DATE =
  /\b\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\.?\s+\p{L}{3,}\.?\s+\d{4}\b|\b\p{L}{3,}\.?\s+\d{1,2},?\s+\d{4}\b/u;

/** The text flowing directly in a block, and the blocks nested in it, in document order. */
function readBlock(el: Element, removed: ReadonlySet<Element>): { line: Line | null; blocks: Element[] } {
  const parts: string[] = [];
  const blocks: Element[] = [];
  let linkText = 0;
  // Iterative: pages left with thousands of unclosed tags nest that deep.
  const nodes: AnyNode[] = [];
  const linked: boolean[] = [];
  for (let i = el.children.length - 1; i >= 0; i--) {
    nodes.push(el.children[i]);
    linked.push(false);
  }
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const inLink = linked.pop()!;
    if (node.type === 'text') {
      parts.push(node.data);
      if (inLink) linkText += node.data.replace(/\s+/g, '').length;
      continue;
    }
    if (!isElement(node) || node.type !== 'tag' || removed.has(node)) continue;
    if (!INLINE_TAGS.has(node.name)) {
      blocks.push(node);
      continue;
    }
    const childLinked = inLink || (node.name === 'a' && isOutboundHref(node.attribs.href));
    for (let i = node.children.length - 1; i >= 0; i--) {
      nodes.push(node.children[i]);
      linked.push(childLinked);
    }
  }
  const text = parts.join('').replace(/\s+/g, ' ').trim();
  return { line: text ? { el, text, linkText } : null, blocks };
}

/**
 * The article's lines from the start, lazily. A line is an element other than an inline one that
 * holds text directly; its text is what flows in it, not what its child blocks hold.
 */
function* linesForward(roots: Element[], removed: ReadonlySet<Element>): Generator<Line> {
  const stack = roots.filter((root) => !removed.has(root)).reverse();
  while (stack.length > 0) {
    const { line, blocks } = readBlock(stack.pop()!, removed);
    if (line) yield line;
    for (let i = blocks.length - 1; i >= 0; i--) stack.push(blocks[i]);
  }
}

/** The same lines from the end, lazily: a block's nested lines come before its own (reversed). */
function* linesBackward(roots: Element[], removed: ReadonlySet<Element>): Generator<Line> {
  const stack: (Element | Line)[] = roots.filter((root) => !removed.has(root));
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (!('type' in item)) {
      yield item;
      continue;
    }
    const { line, blocks } = readBlock(item, removed);
    if (line) stack.push(line);
    for (const block of blocks) stack.push(block);
  }
}

function take(lines: Iterator<Line>, count: number): Line[] {
  const out: Line[] = [];
  for (let next = lines.next(); !next.done && out.length < count; next = lines.next()) out.push(next.value);
  return out;
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Made of the title's words (three quarters or more), and covering most of it. */
export function repeatsTitle(text: string, titleWords: ReadonlySet<string>): boolean {
  if (text.length > 250) return false;
  const words = wordsOf(text);
  if (words.length < 2) return false;
  const shared = words.filter((word) => titleWords.has(word)).length;
  return shared / words.length >= 0.75 && shared >= titleWords.size * 0.6;
}

function nothingAfter(lines: Line[], index: number, removed: ReadonlySet<Element>): boolean {
  for (let i = index + 1; i < lines.length; i++) if (!removed.has(lines[i].el)) return false;
  return true;
}

/** A table's cells are data, whatever they hold: a row of links is not a line of furniture. */
const CELL_TAGS = new Set(['td', 'th', 'caption']);

function isEdgeFurniture(line: Line, atEnd: boolean): boolean {
  const { text } = line;
  if (text.length > MAX_EDGE_LINE_CHARS || HEADING_TAGS.has(line.el.name) || CELL_TAGS.has(line.el.name))
    return false;
  if (isFurnitureLine(text)) return true;
  // "Print | Email | Back to top": a row of labels.
  const parts = text.split(LABEL_SEPARATOR);
  if (parts.length >= 2 && parts.every((part) => isFurnitureLine(part))) return true;
  const compact = text.replace(/\s+/g, '').length;
  // A line that is only a link: another page's headline, a "back" or "next part" link, a category.
  if (compact > 0 && line.linkText >= compact * 0.8 && text.length < 200) return true;
  if (READING_TIME.test(text) && text.length < 140) return true;
  // "By Jane Doe", "Von Max Muster, 12.03.2021": a name, maybe a date, never a sentence.
  if (isByline(text)) return true;
  if (text.length < 60 && DATE.test(text) && text.split(' ').length <= 8) return true;
  if (!atEnd) return false;
  // "Follow us on Facebook, Twitter and Instagram", "Sign up to our newsletter".
  const networks = new Set(text.toLowerCase().match(SOCIAL_NETWORKS) ?? []);
  return networks.size >= 2 || (SUBSCRIBE_WORDS.test(text) && (line.linkText > 0 || text.length < 160));
}

/**
 * Trims bylines, dates, reading times, credits, lone links and follow/subscribe lines from the start
 * and the end of the article: they are what sits between the headline and the first paragraph, and
 * after the last. Stops at the first line that reads as article text. Returns the text removed.
 */
export function trimEdges(
  roots: Element[],
  stats: ContentStats,
  removed: Set<Element>,
  title?: string,
  lead: readonly Element[] = [],
): number {
  // The standfirst is stepped over: the byline and date often sit right after it.
  const leadLines = new Set(lead);
  const titleWords = title ? new Set(wordsOf(title)) : null;
  // Only the first and last few lines are read: a long article is never walked in full here.
  const window = 2 * MAX_EDGE_LINES + 2;
  const head = take(linesForward(roots, removed), window);
  if (head.length < 3) return 0;
  const short = head.length < window;
  const tail = short ? head : take(linesBackward(roots, removed), MAX_EDGE_LINES + 1).reverse();
  const total = roots.reduce((sum, root) => sum + stats.get(root).text, 0);
  const budget = total * MAX_EDGE_SHARE;
  let trimmed = 0;
  const trim = (line: Line): boolean => {
    if (trimmed + line.text.length > budget) return false;
    // Only the line's own element goes: a block holding other blocks is never a trimmed line.
    if (line.el.children.some((child) => child.type === 'tag' && !INLINE_TAGS.has(child.name))) return false;
    removed.add(line.el);
    trimmed += line.text.length;
    return true;
  };
  // Short lines that are not furniture (a kicker, a one-line standfirst) are stepped over; the first
  // heading or long line is the article proper and ends the scan.
  // At the end a heading is where the article's last section starts; at the start, headings (kicker,
  // subtitle) come before the byline and the credit, so only a long line ends the scan there.
  const scan = (line: Line, atEnd: boolean): boolean => {
    if (leadLines.has(line.el)) return false;
    if (isEdgeFurniture(line, atEnd)) trim(line);
    return (atEnd && HEADING_TAGS.has(line.el.name)) || line.text.length >= MIN_ARTICLE_LINE_CHARS;
  };
  let first = 0;
  for (; first < Math.min(head.length, MAX_EDGE_LINES); first++) {
    // The headline repeated inside the article container (a kicker line, a bold line in old layouts).
    if (titleWords && repeatsTitle(head[first].text, titleWords) && trim(head[first])) continue;
    if (scan(head[first], false)) break;
  }
  // In a short article head and tail are the same list; the tail scan must stop where the head's did.
  const stop = short ? first : -1;
  let end = tail.length - 1;
  for (let n = 0; end > stop && n < MAX_EDGE_LINES && !scan(tail[end], true); end--, n++);
  // A heading left last heads nothing: its section was furniture, removed above or before.
  if (end > stop && HEADING_TAGS.has(tail[end].el.name) && nothingAfter(tail, end, removed)) trim(tail[end]);
  return trimmed;
}
