import { type AnyNode, type Element, HEADING_TAGS, isElement } from '../../html/dom.js';

/** Tags that flow inside a line; any other element starts a block that owns the text inside it. */
export const INLINE_TAGS = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'bdi',
  'bdo',
  'big',
  'br',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'ins',
  'kbd',
  'label',
  'mark',
  'nobr',
  'picture',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
]);

/** A block whose own text is shorter than this is a label, not a paragraph (Readability's 25). */
const MIN_PARAGRAPH_CHARS = 25;
const NOT_PARAGRAPHS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th', 'caption', 'figcaption', 'label']);

/**
 * A paragraph for scoring: a block whose own flowing text (which also covers text in a <div> or
 * <td> split by <br>) reaches 25 characters, is not a heading or caption, and is not mostly a link.
 */
export function isParagraphUnit(el: Element, stats: NodeStats): boolean {
  if (stats.ownText < MIN_PARAGRAPH_CHARS || NOT_PARAGRAPHS.has(el.name)) return false;
  return stats.ownLink <= stats.ownText * 0.5;
}

export interface NodeStats {
  /** Characters of text in the subtree, whitespace runs counted once. */
  text: number;
  /** Of which inside links. */
  link: number;
  /** Of which inside links to a place on the same page (`href="#…"`): tables of contents. */
  inPageLink: number;
  /** Text of paragraph-like blocks in the subtree (see isParagraphUnit): prose, as opposed to labels. */
  prose: number;
  /** Text that flows directly in this element (not inside a child block): what makes it a paragraph. */
  ownText: number;
  ownLink: number;
  ownCommas: number;
  paragraphs: number;
  images: number;
  listItems: number;
  inputs: number;
  headingText: number;
  embeds: number;
}

const EMPTY: NodeStats = Object.freeze({
  text: 0,
  prose: 0,
  link: 0,
  inPageLink: 0,
  ownText: 0,
  ownLink: 0,
  ownCommas: 0,
  paragraphs: 0,
  images: 0,
  listItems: 0,
  inputs: 0,
  headingText: 0,
  embeds: 0,
});

function newStats(): NodeStats {
  return { ...EMPTY };
}

export function collapsedLength(text: string): number {
  let length = 0;
  let inSpace = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 160) {
      if (!inSpace) length++;
      inSpace = true;
    } else {
      length++;
      inSpace = false;
    }
  }
  return length;
}

export function isOutboundHref(href: string | undefined): boolean {
  if (!href) return false;
  const trimmed = href.trim();
  return trimmed !== '' && !trimmed.startsWith('#');
}

function isInPageHref(href: string | undefined): boolean {
  const trimmed = href?.trim();
  return trimmed !== undefined && trimmed.length > 1 && trimmed[0] === '#';
}

function countCommas(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44 || c === 0xff0c || c === 0x3001 || c === 0x060c) n++;
  }
  return n;
}

const IN_LINK = 1;
const IN_HEADING = 2;
const EXITING = 4;
const IN_PAGE_LINK = 8;

/**
 * Text, link and structure counts for every element under `root`, in one iterative pass (pages nest
 * thousands deep when tags are left open, so no recursion). Elements in `removed` count as absent.
 * The stack is four parallel arrays rather than frame objects: on a 4 MB page this pass runs over
 * ~100k elements three times, and per-frame allocation was most of its cost.
 */
export class ContentStats {
  private readonly byElement = new Map<Element, NodeStats>();

  constructor(root: Element, removed: ReadonlySet<Element>) {
    const nodes: AnyNode[] = [root];
    const owners: NodeStats[] = [this.stats(root)];
    const parents: NodeStats[] = [this.stats(root)];
    const flags: number[] = [0];
    while (nodes.length > 0) {
      const node = nodes.pop()!;
      const owner = owners.pop()!;
      const parent = parents.pop()!;
      const flag = flags.pop()!;
      if (node.type === 'text') {
        const length = collapsedLength(node.data);
        if (length === 0) continue;
        owner.ownText += length;
        owner.ownCommas += countCommas(node.data);
        parent.text += length;
        if (flag & IN_LINK) {
          owner.ownLink += length;
          parent.link += length;
        }
        if (flag & IN_HEADING) parent.headingText += length;
        if (flag & IN_PAGE_LINK) parent.inPageLink += length;
        continue;
      }
      if (!isElement(node) || node.type !== 'tag' || (node !== root && removed.has(node))) continue;
      if (flag & EXITING) {
        this.finish(node);
        continue;
      }
      const name = node.name;
      const stats = this.stats(node);
      const childOwner = INLINE_TAGS.has(name) ? owner : stats;
      let childFlag = flag;
      // Only real links count: DocBook's `<a id="x"/>` (never closed in HTML) would make whole
      // chapters "link text", and in-page fragment links are tables of contents, not navigation away.
      if (name === 'a' && isOutboundHref(node.attribs.href)) childFlag |= IN_LINK;
      else if (name === 'a' && isInPageHref(node.attribs.href)) childFlag |= IN_PAGE_LINK;
      if (HEADING_TAGS.has(name)) childFlag |= IN_HEADING;
      nodes.push(node);
      owners.push(owner);
      parents.push(parent);
      flags.push(flag | EXITING);
      const children = node.children;
      for (let i = children.length - 1; i >= 0; i--) {
        nodes.push(children[i]);
        owners.push(childOwner);
        parents.push(stats);
        flags.push(childFlag);
      }
    }
  }

  private stats(el: Element): NodeStats {
    let stats = this.byElement.get(el);
    if (!stats) {
      stats = newStats();
      this.byElement.set(el, stats);
    }
    return stats;
  }

  /** Adds a finished element's totals to its parent: children always finish before their parent. */
  private finish(el: Element): void {
    const stats = this.stats(el);
    const name = el.name;
    if (isParagraphUnit(el, stats)) stats.prose += stats.ownText;
    if (name === 'p' || name === 'pre') stats.paragraphs++;
    else if (name === 'img' || name === 'picture') stats.images++;
    else if (name === 'li') stats.listItems++;
    // A button that opens a panel (aria-expanded) is the panel's heading, not a form's control.
    else if (
      name === 'input' ||
      name === 'select' ||
      name === 'textarea' ||
      (name === 'button' && el.attribs['aria-expanded'] === undefined)
    )
      stats.inputs++;
    else if (name === 'iframe' || name === 'embed' || name === 'object' || name === 'video') stats.embeds++;
    const parent = el.parent;
    if (!isElement(parent)) return;
    const parentStats = this.stats(parent);
    parentStats.text += stats.text;
    parentStats.prose += stats.prose;
    parentStats.link += stats.link;
    parentStats.inPageLink += stats.inPageLink;
    parentStats.paragraphs += stats.paragraphs;
    parentStats.images += stats.images;
    parentStats.listItems += stats.listItems;
    parentStats.inputs += stats.inputs;
    parentStats.headingText += stats.headingText;
    parentStats.embeds += stats.embeds;
  }

  get(el: Element): NodeStats {
    return this.byElement.get(el) ?? EMPTY;
  }

  linkDensity(el: Element): number {
    const stats = this.get(el);
    return stats.text === 0 ? 0 : stats.link / stats.text;
  }

  elements(): IterableIterator<[Element, NodeStats]> {
    return this.byElement.entries();
  }
}
