import {
  type AnyNode,
  BLOCK_TAGS,
  type Element,
  type ElementFilter,
  HEADING_TAGS,
  isElement,
  rawText,
} from '../html/dom.js';
import { codeText } from './html/code-block.js';
import { emojiOfImage } from './html/emoji-image.js';
import { formulaMarkup, isFormulaDrawing, readFormula } from './html/math.js';
import { isLayoutTable, tableRows } from './html/table.js';
import { toAbsoluteWebUrl } from './urls.js';

export interface TextOptions {
  /** Default true: collapse whitespace, trim lines, drop blank lines. false keeps text nodes as written. */
  clean?: boolean;
  /**
   * Default false: each link's text is followed by ` (href)`, href absolute (mailto:/tel: as written),
   * so the reader sees which words linked where.
   */
  preserve_links?: boolean;
  /**
   * Default false: blank line between paragraphs, list bullets and numbers, indented nesting, table
   * cells separated by ` | ` (a space without it).
   */
  preserve_formatting?: boolean;
}

export interface TextContext {
  baseUrl: string;
  removed?: ElementFilter;
}

const MAX_DEPTH = 1000;

interface Line {
  text: string;
  verbatim: boolean;
  /** List nesting indentation, kept apart so whitespace cleaning cannot eat it. */
  indent: string;
  /**
   * Only the source's indentation between two blocks. Clean text drops it; counting it as a blank line
   * is what put a blank line between the <li>s of every indented list.
   */
  between?: boolean;
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
  private separator = '';

  write(text: string, verbatim = false): void {
    if (!text) return;
    if (this.pending > 0) {
      this.flushLine(this.current !== '' && !this.verbatim && !this.current.trim());
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
    if (this.separator && text.trim()) {
      this.current += this.separator;
      this.separator = '';
    }
    this.current += text;
    this.verbatim ||= verbatim;
  }

  /**
   * A table cell starts: its separator is written only once text follows on the same line, so empty
   * cells (spacers, icon columns) leave no "| |" behind and a row never starts with one.
   */
  cellStart(separator: string): void {
    if (this.pending === 0 && this.current.trim()) this.separator = separator;
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

  private flushLine(between = false): void {
    this.lines.push({ text: this.current, verbatim: this.verbatim, indent: this.indent, between });
    this.current = '';
    this.verbatim = false;
    this.indent = '';
    this.separator = '';
  }

  finish(): Line[] {
    if (this.current) this.flushLine();
    return this.lines;
  }
}

/** Elements whose text children are only the markup's indentation: no browser renders it. */
const TABLE_STRUCTURE = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

/**
 * Plain text of the given subtrees for extract_text: block elements start new lines, <br> breaks the
 * line, <pre> keeps its lines. A data table is one line per row, its cells separated by " | " (with
 * formatting) or a space, with blocks and breaks inside a cell flattened to spaces; empty cells add no
 * separator. A layout table (the markdown converter's `isLayoutTable`: cells holding headings,
 * paragraphs, nested tables) is read cell by cell as blocks, since a row of it is a page, not a record.
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
  const layoutTables = new Map<Element, boolean>();
  let depth = 0;
  /** Data-table cells open around the current node: while > 0 nothing may break the row's line. */
  let openCells = 0;

  const isDataCell = (cell: Element): boolean => {
    const table = tableOf(cell);
    if (!table) return true;
    let layout = layoutTables.get(table);
    if (layout === undefined) {
      layout = isLayoutTable(table, tableRows(table));
      layoutTables.set(table, layout);
    }
    return !layout;
  };

  const blockEdge = (inCell: boolean, strength: 1 | 2): void => {
    // Inside a cell a block only keeps its words apart from its neighbours'.
    if (inCell) builder.write(' ');
    else builder.lineBreak(strength);
  };

  const visit = (node: AnyNode): void => {
    if (node.type === 'text') {
      if (isElement(node.parent) && TABLE_STRUCTURE.has(node.parent.name) && !node.data.trim()) return;
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
    const inCell = openCells > 0;
    if (isFormulaDrawing(node)) return;
    if (name === 'math') {
      builder.write(formulaMarkup(readFormula(node)));
      return;
    }
    if (name === 'img') {
      const emoji = emojiOfImage(node.attribs);
      if (emoji) builder.write(emoji);
      return;
    }
    if (name === 'br') {
      if (inCell) builder.write(' ');
      else builder.hardBreak();
      return;
    }
    if (name === 'pre') {
      if (inCell) {
        builder.write(` ${codeText(node).replace(/\n/g, ' ')} `);
        return;
      }
      builder.lineBreak(formatting ? 2 : 1);
      for (const line of codeText(node).split('\n')) {
        builder.write(line || ' ', true);
        builder.hardBreak();
      }
      builder.lineBreak(formatting ? 2 : 1);
      return;
    }
    const dataCell = (name === 'td' || name === 'th') && isDataCell(node);
    const block = BLOCK_TAGS.has(name) && !dataCell;
    const paragraphLike = name === 'p' || HEADING_TAGS.has(name) || name === 'blockquote' || name === 'table';
    const strength = formatting && paragraphLike ? 2 : 1;
    if (block) blockEdge(inCell, strength);
    if (dataCell) {
      builder.cellStart(formatting ? ' | ' : ' ');
      openCells++;
    }
    if (name === 'ul' || name === 'ol') listStack.push({ ordered: name === 'ol', index: 0 });
    // A bullet in the middle of a row would read as a new item of some list outside the table.
    if (name === 'li' && formatting && !inCell) {
      const list = listStack[listStack.length - 1];
      const indent = '  '.repeat(Math.max(0, listStack.length - 1));
      if (list) list.index++;
      builder.listItem(indent, list?.ordered ? `${list.index}.` : '-');
    }
    for (const child of node.children) visit(child);
    if (name === 'a' && options.preserve_links) writeHref(node, builder, context.baseUrl);
    if (name === 'ul' || name === 'ol') listStack.pop();
    if (dataCell) openCells--;
    if (block) blockEdge(inCell, strength);
  };
  for (const root of roots) visit(root);
  return finishText(builder.finish(), clean, formatting);
}

/** The table a cell belongs to: tr, then an optional thead/tbody/tfoot, then the table. */
function tableOf(cell: Element): Element | null {
  let parent = cell.parent;
  if (!isElement(parent) || parent.name !== 'tr') return null;
  parent = parent.parent;
  if (isElement(parent) && (parent.name === 'thead' || parent.name === 'tbody' || parent.name === 'tfoot'))
    parent = parent.parent;
  return isElement(parent) && parent.name === 'table' ? parent : null;
}

function writeHref(link: Element, builder: TextBuilder, baseUrl: string): void {
  const raw = link.attribs.href?.trim();
  if (!raw) return;
  const href = /^(mailto|tel):/i.test(raw) ? raw : toAbsoluteWebUrl(raw, baseUrl);
  if (href) builder.write(` (${href})`);
}

const ONLY_JOINERS = /^[\s\u200d]+$/;

function finishText(lines: Line[], clean: boolean, formatting: boolean): string {
  if (!clean) return lines.map((line) => line.indent + line.text).join('\n');
  const out: string[] = [];
  for (const line of lines) {
    if (line.between) continue;
    const text = line.verbatim
      ? line.text.replace(/\s+$/, '')
      : line.text.replace(/[\s\u00a0]+/g, ' ').trim();
    // A zero-width joiner alone on a line joins nothing: the line shows empty (`<p>&zwj;</p>` spacers).
    if (!text.trim() || ONLY_JOINERS.test(text)) {
      // Formatting keeps one blank line between paragraphs; clean text drops them all.
      if (formatting && out.length > 0 && out[out.length - 1] !== '') out.push('');
      continue;
    }
    out.push(line.indent + text);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}
