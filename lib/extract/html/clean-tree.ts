import {
  type AnyNode,
  BLOCK_TAGS,
  type Element,
  type ElementFilter,
  findFirst,
  hasNonBlankText,
  isElement,
  rawText,
  VOID_TAGS,
} from '../../html/dom.js';
import { imageSource, toAbsolute, toAbsoluteWebUrl } from '../urls.js';
import { codeLanguage, codeText, isBrCodeBlock } from './code-block.js';
import { emojiOfImage } from './emoji-image.js';
import { isFormulaDrawing, readFormula } from './math.js';
import { isSpacerImage } from './spacer-image.js';
import { isLayoutTable, tableRows } from './table.js';

/**
 * The part of a page that an output shows, reduced to the few elements markdown can express: text,
 * headings, paragraphs, lists, quotes, code, tables, links, images, emphasis. Both the `html` format
 * and markdown are written from this one tree, so they always agree on what the content is.
 */
export type CleanNode = string | CleanElement;

export interface CleanElement {
  tag: string;
  attrs?: Record<string, string>;
  children: CleanNode[];
}

/** Inline wrappers with no markdown meaning: only their children are kept. */
const UNWRAPPED = new Set([
  'span',
  'font',
  'small',
  'big',
  'nobr',
  'abbr',
  'acronym',
  'time',
  'data',
  'mark',
  'u',
  'ins',
  'bdi',
  'bdo',
  'label',
  'picture',
  'cite',
  'dfn',
  'tt',
]);

/** Tags the tree keeps as they are; anything else (custom elements, <center>, <main>) becomes a <div>. */
export const INLINE_TAGS = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  'code',
  'kbd',
  'samp',
  'var',
  'q',
  's',
  'del',
  'strike',
  'sub',
  'sup',
  // Written as its TeX or its symbols (math.ts), never as MathML.
  'math',
]);
const KNOWN = new Set([...BLOCK_TAGS, ...VOID_TAGS, ...INLINE_TAGS]);

/** Grouping elements that are dropped when they hold only blocks (see onlyBlocks). */
const WRAPPERS = new Set([
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'center',
  'hgroup',
]);

/** Written as a block: a block tag, or an unknown tag (written as <div>) that is not in a line of text. */
function isBlockElement(el: Element): boolean {
  return (
    BLOCK_TAGS.has(el.name) || (!KNOWN.has(el.name) && !UNWRAPPED.has(el.name) && !isInlineCustomElement(el))
  );
}

/**
 * A custom element inside a sentence (GitHub's `<g-emoji>` and `<relative-time>`, a `<tool-tip>`):
 * browsers lay out an element they do not know inline, and one holding no block with text beside it
 * is a word of that line, not a block of its own.
 */
function isInlineCustomElement(el: Element): boolean {
  if (!el.name.includes('-')) return false;
  // Only the nodes right beside it: a scan of every sibling, asked for each of thousands of items
  // of one list, would be quadratic.
  const wordBeside = (node: AnyNode | null) => node?.type === 'text' && node.data.trim() !== '';
  if (!wordBeside(el.prev) && !wordBeside(el.next)) return false;
  return el.children.every((child) => !isElement(child) || !BLOCK_TAGS.has(child.name));
}

function isBlockBoundary(node: AnyNode | undefined): boolean {
  return node === undefined || (isElement(node) && isBlockElement(node));
}

/** Permalink glyphs Sphinx, Hugo and GitHub put next to headings. */
const PERMALINK_TEXT = /^[\s¶§#🔗]*$/u;

/** Past this depth (pages with thousands of unclosed tags) only text is kept, to bound recursion. */
const MAX_DEPTH = 1000;

export interface CleanTreeOptions {
  /** Elements to leave out with their subtrees (the main-content pruning result). */
  removed?: ElementFilter;
  /** Links and image sources are made absolute against this URL. */
  baseUrl: string;
}

/** Control characters are dropped: no output format carries them, and the table writer relies on it. */
function cleanText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');
}

/**
 * Text joins the text before it: an unwrapped <span> leaves its words in the same run as their
 * neighbours, as one text node, so "a" + "=b" reads "a=b" and not a line starting with "=b".
 */
function pushText(out: CleanNode[], text: string): void {
  if (!text) return;
  const last = out.length - 1;
  if (last >= 0 && typeof out[last] === 'string') out[last] += text;
  else out.push(text);
}

/**
 * The clean tree of the subtrees: no scripts, comments, furniture, classes or styles; inline
 * wrappers unwrapped; wrappers that hold only blocks dropped; code blocks flattened to text with
 * their language; layout tables turned into blocks; URLs absolute.
 */
export function buildCleanTree(roots: readonly AnyNode[], options: CleanTreeOptions): CleanNode[] {
  const builder = new CleanTreeBuilder(options);
  const out: CleanNode[] = [];
  for (const root of roots) builder.node(root, out);
  return out;
}

class CleanTreeBuilder {
  private readonly removed: ElementFilter;
  private depth = 0;

  constructor(private readonly options: CleanTreeOptions) {
    this.removed = options.removed ?? new Set();
  }

  node(node: AnyNode, out: CleanNode[]): void {
    if (node.type === 'text') {
      pushText(out, cleanText(node.data));
      return;
    }
    if (node.type === 'root') {
      this.children(node.children, out);
      return;
    }
    if (!isElement(node) || node.type !== 'tag' || this.removed.has(node)) return;
    if (this.depth > MAX_DEPTH) {
      pushText(out, cleanText(rawText(node, (child) => this.removed.has(child))));
      return;
    }
    this.depth++;
    this.element(node, out);
    this.depth--;
  }

  private children(children: readonly AnyNode[], out: CleanNode[]): void {
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      // Indentation between blocks is layout, not content.
      if (child.type === 'text' && isBlockBoundary(children[i - 1]) && isBlockBoundary(children[i + 1])) {
        if (!child.data.trim()) continue;
      }
      this.node(child, out);
    }
  }

  private wrapped(tag: string, el: Element, attrs?: Record<string, string>): CleanElement {
    const children: CleanNode[] = [];
    this.children(el.children, children);
    return attrs ? { tag, attrs, children } : { tag, children };
  }

  /**
   * A <div>-like wrapper holding only blocks adds nothing to the output but depth, so such
   * wrappers are left out and their children kept.
   */
  private onlyBlocks(el: Element): boolean {
    for (const child of el.children) {
      if (child.type === 'text') {
        if (child.data.trim()) return false;
      } else if (isElement(child)) {
        if (child.type === 'tag' && !this.removed.has(child) && !isBlockElement(child)) return false;
      }
    }
    return true;
  }

  private element(el: Element, out: CleanNode[]): void {
    const name = el.name;
    if (isFormulaDrawing(el)) return;
    if (name === 'math') this.formula(el, out);
    else if (UNWRAPPED.has(name) || isInlineCustomElement(el)) this.children(el.children, out);
    else if (name === 'pre' || (name === 'code' && isBrCodeBlock(el))) this.codeBlock(el, out);
    else if (name === 'a') this.link(el, out);
    else if (name === 'img') this.image(el, out);
    else if (name === 'table') this.table(el, out);
    else if (name === 'br' || name === 'hr') out.push({ tag: name, children: [] });
    else if (name === 'ol') {
      const start = el.attribs.start ?? '';
      out.push(this.wrapped('ol', el, /^\d+$/.test(start) ? { start } : undefined));
    } else if ((WRAPPERS.has(name) || !KNOWN.has(name)) && this.onlyBlocks(el))
      this.children(el.children, out);
    else if (!VOID_TAGS.has(name)) out.push(this.wrapped(KNOWN.has(name) ? name : 'div', el));
  }

  private formula(el: Element, out: CleanNode[]): void {
    const { text, tex, display } = readFormula(el);
    if (!text) return;
    const attrs: Record<string, string> = {};
    if (tex) attrs.notation = 'tex';
    if (display) attrs.display = 'block';
    out.push({ tag: 'math', attrs, children: [cleanText(text)] });
  }

  private codeBlock(el: Element, out: CleanNode[]): void {
    const text = cleanText(codeText(el));
    if (!text.trim()) return;
    const language = codeLanguage(el);
    const code: CleanElement = language
      ? { tag: 'code', attrs: { class: `language-${language}` }, children: [text] }
      : { tag: 'code', children: [text] };
    out.push({ tag: 'pre', children: [code] });
  }

  private link(el: Element, out: CleanNode[]): void {
    const href = el.attribs.href?.trim();
    const hasImage = findFirst(el, (child) => child.name === 'img') !== null;
    if (!hasImage && !hasNonBlankText(el, (child) => this.removed.has(child))) return;
    if (href?.startsWith('#') && PERMALINK_TEXT.test(rawText(el, (child) => this.removed.has(child)))) return;
    const target = href ? this.linkTarget(href) : null;
    if (!target) {
      this.children(el.children, out);
      return;
    }
    // Link titles are left out: tooltips add noise to the output and nothing to the content.
    out.push(this.wrapped('a', el, { href: target }));
  }

  /** Web links absolute; mailto/tel kept; javascript:, data: and unparsable hrefs become plain text. */
  private linkTarget(href: string): string | null {
    if (/^(mailto|tel):/i.test(href)) return href;
    const web = toAbsoluteWebUrl(href, this.options.baseUrl);
    if (web) return web;
    if (href.startsWith('#')) return toAbsolute(href, this.options.baseUrl);
    return null;
  }

  private image(el: Element, out: CleanNode[]): void {
    const emoji = emojiOfImage(el.attribs);
    if (emoji) {
      pushText(out, emoji);
      return;
    }
    if (isSpacerImage(el.attribs)) return;
    const src = toAbsoluteWebUrl(imageSource(el.attribs), this.options.baseUrl);
    if (!src) return;
    const attrs: Record<string, string> = { src };
    if (el.attribs.alt) attrs.alt = el.attribs.alt;
    if (el.attribs.title) attrs.title = el.attribs.title;
    out.push({ tag: 'img', attrs, children: [] });
  }

  private table(el: Element, out: CleanNode[]): void {
    const rows = tableRows(el);
    const caption = el.children.find((c): c is Element => isElement(c) && c.name === 'caption');
    if (caption) out.push(this.wrapped('p', caption));
    if (isLayoutTable(el, rows)) {
      for (const row of rows) for (const cell of row) out.push(this.wrapped('div', cell));
      return;
    }
    const table: CleanElement = { tag: 'table', children: [] };
    for (const row of rows) {
      const tr: CleanElement = { tag: 'tr', children: [] };
      for (const cell of row) {
        const span = Number.parseInt(cell.attribs.colspan ?? '1', 10);
        tr.children.push(
          this.wrapped(cell.name, cell, span > 1 && span < 100 ? { colspan: String(span) } : undefined),
        );
      }
      table.children.push(tr);
    }
    out.push(table);
  }
}
