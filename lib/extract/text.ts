import { type AnyNode, BLOCK_TAGS, type Element, HEADING_TAGS, isElement, rawText } from './dom.js';
import { codeText } from './html/code-block.js';
import { toAbsoluteWebUrl } from './urls.js';

export interface TextOptions {
  /** Default true: collapse whitespace, trim lines, drop blank lines. false keeps text nodes as written. */
  clean?: boolean;
  /**
   * Default false: each link's text is followed by ` (href)`, href absolute (mailto:/tel: as written),
   * so the reader sees which words linked where.
   */
  preserve_links?: boolean;
  /** Default false: blank line between paragraphs, list bullets and numbers, indented nesting. */
  preserve_formatting?: boolean;
}

export interface TextContext {
  baseUrl: string;
  removed?: ReadonlySet<Element>;
}

const MAX_DEPTH = 1000;

interface Line {
  text: string;
  verbatim: boolean;
  /** List nesting indentation, kept apart so whitespace cleaning cannot eat it. */
  indent: string;
}

/**
 * Accumulates text with pending line breaks, so nested blocks ("</p></div></li>") produce one break,
 * not three, and a break is written only when more text follows.
 */
class TextBuilder {
  readonly lines: Line[] = [];
  private current = '';
  private verbatim = false;
  private indent = '';
  private pending = 0;
  private marker: { indent: string; text: string } | null = null;

  write(text: string, verbatim = false): void {
    if (!text) return;
    if (this.pending > 0) {
      this.flushLine();
      if (this.pending > 1 && this.lines.length > 0)
        this.lines.push({ text: '', verbatim: false, indent: '' });
      this.pending = 0;
    }
    if (this.marker && !this.current.trim()) {
      if (!text.trim()) return;
      this.indent = this.marker.indent;
      this.current = `${this.marker.text} `;
      this.marker = null;
      text = text.replace(/^\s+/, '');
    }
    this.current += text;
    this.verbatim ||= verbatim;
  }

  lineBreak(strength: 1 | 2): void {
    if (!this.current.trim() && this.lines.length === 0) return;
    this.pending = Math.max(this.pending, strength);
  }

  listItem(indent: string, marker: string): void {
    this.marker = { indent, text: marker };
  }

  hardBreak(): void {
    this.flushLine();
  }

  private flushLine(): void {
    this.lines.push({ text: this.current, verbatim: this.verbatim, indent: this.indent });
    this.current = '';
    this.verbatim = false;
    this.indent = '';
  }

  finish(): Line[] {
    if (this.current) this.flushLine();
    return this.lines;
  }
}

/**
 * Plain text of the given subtrees for extract_text: block elements start new lines, <br> breaks the
 * line, <pre> keeps its lines, table cells are separated by " | " (with formatting) or a space.
 */
export function nodesToText(
  roots: readonly AnyNode[],
  context: TextContext,
  options: TextOptions = {},
): string {
  const clean = options.clean ?? true;
  const formatting = options.preserve_formatting ?? false;
  const builder = new TextBuilder();
  const removed = context.removed ?? new Set<Element>();
  const listStack: { ordered: boolean; index: number }[] = [];
  let depth = 0;

  const visit = (node: AnyNode): void => {
    if (node.type === 'text') {
      builder.write(node.data);
      return;
    }
    if (node.type === 'root') {
      for (const child of node.children) visit(child);
      return;
    }
    if (!isElement(node) || node.type !== 'tag' || removed.has(node)) return;
    // Thousands of unclosed tags would overflow the stack; below this depth only text matters.
    if (depth > MAX_DEPTH) {
      builder.write(rawText(node, (child) => removed.has(child)));
      return;
    }
    depth++;
    visitElement(node);
    depth--;
  };

  const visitElement = (node: Element): void => {
    const name = node.name;
    if (name === 'br') {
      builder.hardBreak();
      return;
    }
    if (name === 'pre') {
      builder.lineBreak(formatting ? 2 : 1);
      for (const line of codeText(node).split('\n')) {
        builder.write(line || ' ', true);
        builder.hardBreak();
      }
      builder.lineBreak(formatting ? 2 : 1);
      return;
    }
    // A table row is the line; its cells are separated on it.
    const block = BLOCK_TAGS.has(name) && name !== 'td' && name !== 'th';
    const paragraphLike = name === 'p' || HEADING_TAGS.has(name) || name === 'blockquote' || name === 'table';
    if (block) builder.lineBreak(formatting && paragraphLike ? 2 : 1);
    if (name === 'ul' || name === 'ol') listStack.push({ ordered: name === 'ol', index: 0 });
    if (name === 'li' && formatting) {
      const list = listStack[listStack.length - 1];
      const indent = '  '.repeat(Math.max(0, listStack.length - 1));
      if (list) list.index++;
      builder.listItem(indent, list?.ordered ? `${list.index}.` : '-');
    }
    if ((name === 'td' || name === 'th') && previousElement(node)) builder.write(formatting ? ' | ' : ' ');
    for (const child of node.children) visit(child);
    if (name === 'a' && options.preserve_links) writeHref(node, builder, context.baseUrl);
    if (name === 'ul' || name === 'ol') listStack.pop();
    if (block) builder.lineBreak(formatting && paragraphLike ? 2 : 1);
  };
  for (const root of roots) visit(root);
  return finishText(builder.finish(), clean, formatting);
}

function previousElement(node: Element): Element | null {
  for (let prev = node.prev; prev; prev = prev.prev) if (isElement(prev)) return prev;
  return null;
}

function writeHref(link: Element, builder: TextBuilder, baseUrl: string): void {
  const raw = link.attribs.href?.trim();
  if (!raw) return;
  const href = /^(mailto|tel):/i.test(raw) ? raw : toAbsoluteWebUrl(raw, baseUrl);
  if (href) builder.write(` (${href})`);
}

function finishText(lines: Line[], clean: boolean, formatting: boolean): string {
  if (!clean) return lines.map((line) => line.indent + line.text).join('\n');
  const out: string[] = [];
  for (const line of lines) {
    const text = line.verbatim
      ? line.text.replace(/\s+$/, '')
      : line.text.replace(/[\s\u00a0]+/g, ' ').trim();
    if (!text.trim()) {
      // Formatting keeps one blank line between paragraphs; clean text drops them all.
      if (formatting && out.length > 0 && out[out.length - 1] !== '') out.push('');
      continue;
    }
    out.push(line.indent + text);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}
