import { type AnyNode, BLOCK_TAGS, type Element, findFirst, isElement, rawText, VOID_TAGS } from '../dom.js';
import { imageSource, toAbsolute, toAbsoluteWebUrl } from '../urls.js';
import { codeLanguage, codeText, isBrCodeBlock } from './code-block.js';
import { isLayoutTable, tableRows } from './table.js';

/** Inline wrappers with no markdown meaning: emitting only their children halves what turndown parses. */
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

/** Tags turndown understands; anything else (custom elements, <center>, <main>) is written as a <div>. */
const KNOWN = new Set([
  ...BLOCK_TAGS,
  ...VOID_TAGS,
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
]);

/** Grouping elements that are dropped when they hold only blocks (see Writer.onlyBlocks). */
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

/** Written as a block by turndown: a block tag, or an unknown tag (written as <div>). */
function isBlockElement(el: Element): boolean {
  return BLOCK_TAGS.has(el.name) || (!KNOWN.has(el.name) && !UNWRAPPED.has(el.name));
}

function isBlockBoundary(node: AnyNode | undefined): boolean {
  return node === undefined || (isElement(node) && isBlockElement(node));
}

/** Permalink glyphs Sphinx, Hugo and GitHub put next to headings. */
const PERMALINK_TEXT = /^[\s¶§#🔗]*$/u;

export interface SerializeOptions {
  /** Elements to leave out with their subtrees (the main-content pruning result). */
  removed?: ReadonlySet<Element>;
  /** Links and image sources are written absolute against this URL. */
  baseUrl: string;
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Control characters are dropped too: the markdown table rule uses one as its cell separator. */
function escapeText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return text.replace(/[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, (c) => TEXT_ESCAPES[c] ?? '');
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<]/g, (c) => (c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&lt;'));
}

/**
 * Writes the subtrees as the smallest HTML that converts to the same markdown: no scripts, comments,
 * furniture, classes or styles; inline wrappers unwrapped; code blocks flattened to text with their
 * language; tables normalised; URLs absolute. Turndown re-parses whatever it is given at ~5 MB/s, so
 * every byte dropped here is time saved, and fixing structure here is simpler than in turndown rules.
 */
export function serializeClean(roots: readonly AnyNode[], options: SerializeOptions): string {
  const out: string[] = [];
  const writer = new Writer(out, options);
  for (const root of roots) writer.node(root);
  return out.join('');
}

/** Past this depth (pages with thousands of unclosed tags) only text is written, to bound recursion. */
const MAX_DEPTH = 1000;

class Writer {
  private readonly removed: ReadonlySet<Element>;
  private depth = 0;

  constructor(
    private readonly out: string[],
    private readonly options: SerializeOptions,
  ) {
    this.removed = options.removed ?? new Set();
  }

  node(node: AnyNode): void {
    if (node.type === 'text') {
      this.out.push(escapeText(node.data));
      return;
    }
    if (node.type === 'root') {
      this.children(node.children);
      return;
    }
    if (!isElement(node) || node.type !== 'tag' || this.removed.has(node)) return;
    if (this.depth > MAX_DEPTH) {
      this.out.push(escapeText(rawText(node, (child) => this.removed.has(child))));
      return;
    }
    this.depth++;
    this.element(node);
    this.depth--;
  }

  private children(children: readonly AnyNode[]): void {
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      // Indentation between blocks is a text node turndown would parse and then discard.
      if (child.type === 'text' && isBlockBoundary(children[i - 1]) && isBlockBoundary(children[i + 1])) {
        if (!child.data.trim()) continue;
      }
      this.node(child);
    }
  }

  /**
   * A <div>-like wrapper holding only blocks adds nothing to the markdown but depth, and turndown
   * reads every element's whole textContent (cost: size × depth), so such wrappers are left out.
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

  private element(el: Element): void {
    const name = el.name;
    if (UNWRAPPED.has(name)) this.children(el.children);
    else if (name === 'pre' || (name === 'code' && isBrCodeBlock(el))) this.codeBlock(el);
    else if (name === 'a') this.link(el);
    else if (name === 'img') this.image(el);
    else if (name === 'table') this.table(el);
    else if (name === 'br' || name === 'hr') this.out.push(`<${name}>`);
    else if (name === 'ol')
      this.wrap(el, 'ol', /^\d+$/.test(el.attribs.start ?? '') ? ` start="${el.attribs.start}"` : '');
    else if ((WRAPPERS.has(name) || !KNOWN.has(name)) && this.onlyBlocks(el)) this.children(el.children);
    else if (!VOID_TAGS.has(name)) this.wrap(el, KNOWN.has(name) ? name : 'div', '');
  }

  private wrap(el: Element, name: string, attributes: string): void {
    this.out.push(`<${name}${attributes}>`);
    this.children(el.children);
    this.out.push(`</${name}>`);
  }

  private codeBlock(el: Element): void {
    const text = codeText(el);
    if (!text.trim()) return;
    const language = codeLanguage(el);
    const cls = language ? ` class="language-${escapeAttribute(language)}"` : '';
    this.out.push(`<pre><code${cls}>${escapeText(text)}</code></pre>`);
  }

  private link(el: Element): void {
    const href = el.attribs.href?.trim();
    const hasImage = findFirst(el, (child) => child.name === 'img') !== null;
    const text = rawText(el, (child) => this.removed.has(child));
    if (!hasImage && !text.trim()) return;
    if (href?.startsWith('#') && PERMALINK_TEXT.test(text)) return;
    const target = href ? this.linkTarget(href) : null;
    if (!target) {
      this.children(el.children);
      return;
    }
    // Link titles are left out: tooltips add noise to the markdown and nothing to the content.
    this.out.push(`<a href="${escapeAttribute(target)}">`);
    this.children(el.children);
    this.out.push('</a>');
  }

  /** Web links absolute; mailto/tel kept; javascript:, data: and unparsable hrefs become plain text. */
  private linkTarget(href: string): string | null {
    if (/^(mailto|tel):/i.test(href)) return href;
    const web = toAbsoluteWebUrl(href, this.options.baseUrl);
    if (web) return web;
    if (href.startsWith('#')) return toAbsolute(href, this.options.baseUrl);
    return null;
  }

  private image(el: Element): void {
    const src = toAbsoluteWebUrl(imageSource(el.attribs), this.options.baseUrl);
    if (!src) return;
    const alt = el.attribs.alt ? ` alt="${escapeAttribute(el.attribs.alt)}"` : '';
    const title = el.attribs.title ? ` title="${escapeAttribute(el.attribs.title)}"` : '';
    this.out.push(`<img src="${escapeAttribute(src)}"${alt}${title}>`);
  }

  private table(el: Element): void {
    const rows = tableRows(el);
    const caption = el.children.find((c): c is Element => isElement(c) && c.name === 'caption');
    if (caption) this.wrap(caption, 'p', '');
    if (isLayoutTable(el, rows)) {
      for (const row of rows) for (const cell of row) this.wrap(cell, 'div', '');
      return;
    }
    this.out.push('<table>');
    for (const row of rows) {
      this.out.push('<tr>');
      for (const cell of row) {
        const span = Number.parseInt(cell.attribs.colspan ?? '1', 10);
        const colspan = span > 1 && span < 100 ? ` colspan="${span}"` : '';
        this.wrap(cell, cell.name, colspan);
      }
      this.out.push('</tr>');
    }
    this.out.push('</table>');
  }
}
