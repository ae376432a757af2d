import type { CleanElement, CleanNode } from '../html/clean-tree.js';
import { INLINE_TAGS } from '../html/clean-tree.js';
import { cleanFormula, formulaMarkup } from '../html/math.js';
import { escapeMarkdown, tidyMarkdown } from './to-markdown.js';

/**
 * GFM markdown from the clean tree, in one walk. The tree is already reduced to what markdown can
 * say, so each element maps to one construct: no second parse of the page, no DOM, no rule lookup
 * per node (the converter used to serialise the tree to HTML and have turndown parse it again,
 * which took two thirds of the conversion).
 */
export function renderMarkdown(nodes: readonly CleanNode[]): string {
  return tidyMarkdown(blockRun(nodes, { inTable: false }));
}

interface RenderContext {
  /** Inside a table cell: line breaks become spaces, nothing spans lines. */
  inTable: boolean;
}

const HEADINGS: Record<string, string> = {
  h1: '#',
  h2: '##',
  h3: '###',
  h4: '####',
  h5: '#####',
  h6: '######',
};
const STRONG = new Set(['b', 'strong']);
const EMPHASIS = new Set(['i', 'em']);
const STRIKE = new Set(['s', 'del', 'strike']);
/** A hard line break inside a paragraph (two trailing spaces, as turndown and most writers emit). */
const HARD_BREAK = '  \n';

function isInline(node: CleanNode): boolean {
  return typeof node === 'string' || INLINE_TAGS.has(node.tag) || node.tag === 'img' || node.tag === 'br';
}

/**
 * The blocks of a container, in order: runs of inline content become paragraphs, block elements
 * render themselves. Empty blocks are dropped.
 */
function blocks(nodes: readonly CleanNode[], ctx: RenderContext): string[] {
  return collectBlocks(nodes, ctx, [], false);
}

/**
 * The blocks of a container joined by blank lines. A plain container inside (a <div>, a <section>)
 * would be its own blocks joined the same way, so its blocks join this list instead: one join for
 * the whole run of nested wrappers, where each level copying all of its text cost a 4 MB page a
 * copy of its markdown per level.
 */
function blockRun(nodes: readonly CleanNode[], ctx: RenderContext): string {
  return collectBlocks(nodes, ctx, [], true).join('\n\n');
}

function collectBlocks(
  nodes: readonly CleanNode[],
  ctx: RenderContext,
  out: string[],
  flattenContainers: boolean,
): string[] {
  // The inline run is nodes[start, i): bounds, not a copy, since this runs for every container.
  let start = 0;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (isInline(node)) continue;
    if (start < i) pushParagraph(out, nodes, start, i, ctx);
    start = i + 1;
    const el = node as CleanElement;
    if (flattenContainers && isPlainContainer(el)) {
      collectBlocks(el.children, ctx, out, true);
      continue;
    }
    const block = renderBlock(el, ctx);
    if (block) out.push(block);
  }
  if (start < nodes.length) pushParagraph(out, nodes, start, nodes.length, ctx);
  return out;
}

/** Rendered as its blocks joined by blank lines (renderBlock's default). */
function isPlainContainer(el: CleanElement): boolean {
  return HEADINGS[el.tag] === undefined && !SPECIAL_BLOCKS.has(el.tag);
}

const SPECIAL_BLOCKS = new Set(['pre', 'hr', 'ul', 'ol', 'blockquote', 'table']);

function pushParagraph(
  out: string[],
  nodes: readonly CleanNode[],
  from: number,
  to: number,
  ctx: RenderContext,
): void {
  const state: InlineState = { spaced: true, broken: false, ctx };
  const text = paragraphText(inline(nodes, state, from, to), state.broken);
  if (text) out.push(text);
}

function renderBlock(el: CleanElement, ctx: RenderContext): string {
  const heading = HEADINGS[el.tag];
  if (heading) {
    const text = paragraph(el.children, { inTable: true });
    return text ? `${heading} ${text}` : '';
  }
  switch (el.tag) {
    case 'pre':
      return codeBlock(el);
    case 'hr':
      return '---';
    case 'ul':
    case 'ol':
      return list(el, ctx);
    case 'blockquote':
      return prefixLines(blockRun(el.children, ctx), '> ', '>');
    case 'table':
      return table(el);
    default:
      return blockRun(el.children, ctx);
  }
}

/** Inline content as one paragraph: whitespace collapsed across nodes, trimmed at both ends. */
function paragraph(nodes: readonly CleanNode[], ctx: RenderContext): string {
  const state: InlineState = { spaced: true, broken: false, ctx };
  return paragraphText(inline(nodes, state), state.broken);
}

/**
 * A paragraph's text without the space a browser shows as nothing: white space at its ends and at
 * the ends of its lines, no-break spaces included (`<p>&nbsp;</p>` spacers, `text&nbsp;</p>`), and
 * a zero-width joiner with nothing to join. Two line breaks in a row (`<br><br>`) show an empty
 * line, which is what a blank line between paragraphs says; written as hard breaks, they left a
 * line of spaces and two trailing spaces before it.
 */
function paragraphText(text: string, broken: boolean): string {
  if (!broken) return trimBlockSpace(text);
  let out = '';
  let breaks = 0;
  for (const piece of text.split(HARD_BREAK)) {
    const line = trimBlockSpace(piece);
    if (line === '') {
      breaks++;
      continue;
    }
    if (out !== '') out += breaks > 1 ? '\n\n' : HARD_BREAK;
    out += line;
    breaks = 1;
  }
  return out;
}

/**
 * Spaces, tabs, line feeds, no-break spaces and zero-width joiners off both ends of a line, by
 * index: the equivalent `/^[…]+|[…]+$/g` tries its second branch at every run of spaces in the
 * paragraph. Inside the line a no-break space is content ("10&nbsp;kg") and stays.
 */
function trimBlockSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isBlockEdgeSpace(text.charCodeAt(start))) start++;
  while (end > start && isBlockEdgeSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isBlockEdgeSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 0xa0 || code === 0x200d;
}

interface InlineState {
  /** The output so far ends in white space (or a line start): a following space is dropped. */
  spaced: boolean;
  /** A hard break was written: the paragraph's lines need trimming one by one. */
  broken: boolean;
  ctx: RenderContext;
}

/** The inline content of nodes[from, to). */
function inline(nodes: readonly CleanNode[], state: InlineState, from = 0, to = nodes.length): string {
  let out = '';
  for (let i = from; i < to; i++) out += inlineNode(nodes[i], state);
  return out;
}

function inlineNode(node: CleanNode, state: InlineState): string {
  if (typeof node === 'string') return text(node, state, escapeMarkdown);
  switch (node.tag) {
    case 'br':
      state.spaced = true;
      if (state.ctx.inTable) return ' ';
      state.broken = true;
      return HARD_BREAK;
    case 'img':
      state.spaced = false;
      return image(node);
    case 'a':
      return link(node, state);
    case 'code':
      return inlineCode(node, state);
    case 'math': {
      // TeX is written as it is: escaping its `_` and `*` would change the formula.
      const formula = cleanFormula(node);
      state.spaced = false;
      return formula.tex ? formulaMarkup(formula) : escapeMarkdown(formula.text);
    }
    default: {
      const delimiter = STRONG.has(node.tag)
        ? '**'
        : EMPHASIS.has(node.tag)
          ? '_'
          : STRIKE.has(node.tag)
            ? '~~'
            : '';
      // Blocks inside an inline element (a <div> in a <span>) are read as inline text.
      const content = inline(inlineChildren(node), state);
      return delimiter ? delimit(content, delimiter) : content;
    }
  }
}

/** The children of an inline element, a block among them read as its inline content (flattenBlocks). */
function inlineChildren(el: CleanElement): readonly CleanNode[] {
  // Most inline elements hold inline content only: the flattened copy would equal the children.
  return el.children.every(isInline) ? el.children : el.children.flatMap(flattenBlocks);
}

/** A block met inside inline content contributes its inline content, set off by spaces. */
function flattenBlocks(node: CleanNode): CleanNode[] {
  if (isInline(node)) return [node];
  return [' ', ...(node as CleanElement).children.flatMap(flattenBlocks), ' '];
}

/** Collapses white space the way a browser lays out text (no-break spaces are kept). */
function text(raw: string, state: InlineState, escapeText: (text: string) => string): string {
  let value = collapseLayoutSpace(raw);
  if (state.spaced && value.startsWith(' ')) value = value.slice(1);
  if (value === '') return '';
  state.spaced = value.endsWith(' ');
  return escapeText(value);
}

/** White space a browser would collapse: a tab, a line break, or a space before more white space. */
const COLLAPSIBLE = /[\t\n\r\f]| [ \t\n\r\f]/;

/**
 * Runs of spaces, tabs and line breaks as one space, returning `raw` itself when it has nothing to
 * collapse (most text between tags): replacing every run copied every text node of the page, single
 * spaces and all, and a scan by character codes was twice as slow as this test on a 4 MB page.
 */
function collapseLayoutSpace(raw: string): string {
  return COLLAPSIBLE.test(raw) ? raw.replace(/[ \t\n\r\f]+/g, ' ') : raw;
}

/** Emphasis wraps the words, never the white space around them ("a **b** c", not "a** b **c"). */
function delimit(content: string, delimiter: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(content)!;
  const [, lead, body, trail] = match;
  return body ? `${lead}${delimiter}${body}${delimiter}${trail}` : content;
}

function link(el: CleanElement, state: InlineState): string {
  const content = inline(inlineChildren(el), state);
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(content)!;
  const [, lead, body, trail] = match;
  if (!body) return content;
  return `${lead}[${body.replace(/\n+/g, ' ')}](${destination(el.attrs?.href ?? '')})${trail}`;
}

function image(el: CleanElement): string {
  const alt = escapeMarkdown((el.attrs?.alt ?? '').replace(/\s+/g, ' ').trim());
  const title = el.attrs?.title
    ? ` "${el.attrs.title.replace(/\s+/g, ' ').trim().replace(/"/g, '\\"')}"`
    : '';
  return `![${alt}](${destination(el.attrs?.src ?? '')}${title})`;
}

/** Link destinations with spaces or parentheses are wrapped in <…> so the link survives. */
function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}

/** `code` with a fence longer than any run of backticks inside, padded when it starts or ends with one. */
function inlineCode(el: CleanElement, state: InlineState): string {
  // <code><a href>name</a></code> (API references link their identifiers): a link inside a code
  // span is not a link in markdown, so the link goes outside: [`name`](href).
  const anchor = soleLink(el);
  if (anchor) return link({ ...anchor, children: [{ tag: 'code', children: anchor.children }] }, state);
  const content = text(flatText(el), state, (value) => value);
  if (!content.trim()) return content;
  const lead = content.match(/^ */)![0];
  const trail = content.match(/ *$/)![0];
  const body = content.trim();
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = body.startsWith('`') || body.endsWith('`') ? ' ' : '';
  return `${lead}${fence}${pad}${body}${pad}${fence}${trail}`;
}

/** The element's one child that is not blank text, when that child is a link. */
function soleLink(el: CleanElement): CleanElement | null {
  let only: CleanNode | null = null;
  for (const child of el.children) {
    if (typeof child === 'string' && child.trim() === '') continue;
    if (only !== null) return null;
    only = child;
  }
  return only !== null && typeof only !== 'string' && only.tag === 'a' ? only : null;
}

function flatText(el: CleanElement): string {
  let out = '';
  for (const child of el.children) out += typeof child === 'string' ? child : flatText(child);
  return out;
}

function codeBlock(pre: CleanElement): string {
  const code = pre.children.find((child): child is CleanElement => typeof child !== 'string');
  const content = code ? flatText(code) : flatText(pre);
  const language = /language-(\S+)/.exec(code?.attrs?.class ?? '')?.[1] ?? '';
  const longest = Math.max(0, ...(content.match(/^`{3,}/gm) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${content.replace(/\n+$/, '')}\n${fence}`;
}

/**
 * One item a line, its other blocks indented under its marker; a list whose items hold several
 * blocks is loose (a blank line between items), as CommonMark reads it.
 */
function list(el: CleanElement, ctx: RenderContext): string {
  const ordered = el.tag === 'ol';
  let number = ordered ? Number.parseInt(el.attrs?.start ?? '1', 10) : 0;
  const items: string[] = [];
  let loose = false;
  for (const child of el.children) {
    const itemBlocks =
      typeof child !== 'string' && child.tag === 'li' ? itemContent(child, ctx) : blocks([child], ctx);
    if (itemBlocks.length === 0) continue;
    if (itemBlocks.length > 1 && !itemBlocks.slice(1).every(isList)) loose = true;
    const marker = ordered ? `${number++}. ` : '- ';
    const body = joinItemBlocks(itemBlocks);
    items.push(marker + prefixLines(body, ' '.repeat(marker.length), '').slice(marker.length));
  }
  return items.join(loose ? '\n\n' : '\n');
}

function itemContent(li: CleanElement, ctx: RenderContext): string[] {
  return blocks(li.children, ctx);
}

function isList(block: string): boolean {
  return /^(?:- |\d+\. )/.test(block);
}

/** A nested list follows its item's text on the next line; other blocks after a blank line. */
function joinItemBlocks(itemBlocks: string[]): string {
  let out = itemBlocks[0];
  for (const block of itemBlocks.slice(1)) out += (isList(block) ? '\n' : '\n\n') + block;
  return out;
}

/** Prefixes every line; empty lines get `blank` (a quote keeps its `>` on them, a list item nothing). */
function prefixLines(textBlock: string, prefix: string, blank: string): string {
  const lines = textBlock.split('\n');
  let fence = '';
  return lines
    .map((line) => {
      const opens = /^\s*(`{3,}|~{3,})/.exec(line);
      const inFence = fence !== '';
      if (opens)
        fence =
          inFence && opens[1][0] === fence[0] && opens[1].length >= fence.length
            ? ''
            : inFence
              ? fence
              : opens[1];
      if (line === '') return inFence ? prefix.trimEnd() : blank;
      return prefix + line;
    })
    .join('\n');
}

/** GFM table: the first row is the header (what a reader takes it for), short rows padded, colspan kept. */
function table(el: CleanElement): string {
  const rows: string[][] = [];
  for (const row of el.children) {
    if (typeof row === 'string' || row.tag !== 'tr') continue;
    const cells: string[] = [];
    for (const cell of row.children) {
      if (typeof cell === 'string') continue;
      const content = blocks(cell.children, { inTable: true })
        .join(' ')
        .replace(/\s+/g, ' ')
        .replace(/\|/g, '\\|')
        .trim();
      const span = Math.min(Math.max(Number(cell.attrs?.colspan) || 1, 1), 100);
      cells.push(content, ...Array(span - 1).fill(''));
    }
    rows.push(cells);
  }
  const shown = shownColumns(rows);
  if (shown.length === 0) return '';
  const lines = rows.map((row) => `| ${shown.map((column) => row[column] ?? '').join(' | ')} |`);
  lines.splice(1, 0, `| ${Array(shown.length).fill('---').join(' | ')} |`);
  return lines.join('\n');
}

/**
 * The columns with text in some row. A column empty in every row (a spacer, an icon or a
 * checkbox column) shows nothing on the page and would only print ` |  |` on every line.
 */
function shownColumns(rows: readonly string[][]): number[] {
  const filled: boolean[] = [];
  for (const row of rows) for (let i = 0; i < row.length; i++) if (row[i]) filled[i] = true;
  const shown: number[] = [];
  for (let i = 0; i < filled.length; i++) if (filled[i]) shown.push(i);
  return shown;
}
