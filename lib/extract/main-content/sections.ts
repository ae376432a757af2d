import { type Element, HEADING_TAGS, isElement, textOf } from '../../html/dom.js';
import { isInSentence } from './prune.js';
import { MAX_SECTION_HEADING_CHARS, type SectionKind, sectionKind } from './section-words.js';
import { type ContentStats, collapsedLength, INLINE_TAGS } from './stats.js';

/** Elements that can carry a section heading besides <h1>–<h6> (themes style a <p> or <div> as one). */
const HEADING_LIKE = new Set(['p', 'div', 'header', 'span', 'strong', 'b', 'dt', 'legend', 'label', 'em']);

/** A heading-led box holding this share of the article or more is the article, not a box inside it. */
const MAX_BOX_SHARE = 0.6;
/** Article text that must precede a heading for it to end the article there. */
const MIN_TEXT_BEFORE = 200;
/** A sibling this prosy resumes the article after a "read also" interruption. */
const RESUMING_PROSE_CHARS = 150;

function rank(el: Element): number {
  return HEADING_TAGS.has(el.name) ? Number(el.name[1]) : 7;
}

/**
 * Headings that announce furniture ("Related articles", "3 Kommentare", "Lire aussi", "Mehr zum
 * Thema") inside the chosen article, in document order. Paragraphs, links and words inside sentences
 * are not searched: none of them heads a section.
 */
function findSectionHeadings(roots: Element[], stats: ContentStats, removed: ReadonlySet<Element>) {
  const found: { el: Element; kind: SectionKind }[] = [];
  const stack: Element[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push(roots[i]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (removed.has(node)) continue;
    const length = stats.get(node).text;
    if (length === 0 || node.name === 'a') continue;
    if (INLINE_TAGS.has(node.name) && isInSentence(node)) continue;
    if (length <= MAX_SECTION_HEADING_CHARS && (HEADING_TAGS.has(node.name) || HEADING_LIKE.has(node.name))) {
      const kind = sectionKind(textOf(node, (child) => removed.has(child)));
      if (kind && !isInlineInProse(node, stats)) {
        found.push({ el: node, kind });
        continue;
      }
      if (HEADING_TAGS.has(node.name)) continue;
    }
    if (node.name === 'p' && length > MAX_SECTION_HEADING_CHARS) continue;
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (isElement(child) && child.type === 'tag') stack.push(child);
    }
  }
  return found;
}

/** Characters of article text before `el`, in document order (removed parts count as absent). */
function textBefore(el: Element, roots: Element[], stats: ContentStats): number {
  let before = 0;
  let node: Element = el;
  for (;;) {
    const rootIndex = roots.indexOf(node);
    if (rootIndex >= 0) {
      for (let i = 0; i < rootIndex; i++) before += stats.get(roots[i]).text;
      return before;
    }
    const parent = node.parent;
    if (!isElement(parent)) return before;
    for (const sibling of parent.children) {
      if (sibling === node) break;
      if (sibling.type === 'text') before += collapsedLength(sibling.data);
      else if (isElement(sibling)) before += stats.get(sibling).text;
    }
    node = parent;
  }
}

/** "<strong>Comments</strong> are welcome below": an inline word inside a sentence heads nothing. */
function isInlineInProse(el: Element, stats: ContentStats): boolean {
  if (!INLINE_TAGS.has(el.name)) return false;
  const parent = el.parent;
  return isElement(parent) && stats.get(parent).text > stats.get(el).text + 3;
}

function elementSiblings(el: Element): Element[] {
  const parent = el.parent;
  if (!parent) return [el];
  return parent.children.filter((child): child is Element => isElement(child) && child.type === 'tag');
}

/**
 * Ends or cuts out the sections that boilerplate headings lead. A heading that opens a box of its own
 * (`<section><h2>Related</h2><ul>…</ul></section>`) takes the box with it; a heading standing among
 * the article's blocks takes the blocks after it, up to the next heading of its rank or higher, or,
 * for "read also" kinds, up to the next paragraph of prose (the article resuming after an insert).
 * Comment headings take everything after them. Returns the amount of text removed.
 */
export function dropBoilerplateSections(
  roots: Element[],
  stats: ContentStats,
  removed: Set<Element>,
  repliesAreContent = false,
): number {
  const found = findSectionHeadings(roots, stats, removed);
  if (found.length === 0) return 0;
  const total = roots.reduce((sum, root) => sum + stats.get(root).text, 0);
  const rootSet = new Set(roots);
  const isGone = (el: Element) => {
    for (let p: Element | null = el; isElement(p); p = p.parent as Element | null) {
      if (removed.has(p)) return true;
      if (rootSet.has(p)) return false;
    }
    return false;
  };
  let dropped = 0;
  const drop = (el: Element) => {
    removed.add(el);
    dropped += stats.get(el).text;
  };
  for (const heading of found) {
    if (isGone(heading.el)) continue;
    // On a discussion the replies under a "Comments" heading are the thread itself.
    if (heading.kind === 'comments' && repliesAreContent) continue;
    // The heading and the wrappers that hold nothing else ("<div class=title><h3>…</h3></div>").
    let box = heading.el;
    while (!rootSet.has(box) && isElement(box.parent) && !rootSet.has(box.parent)) {
      if (stats.get(box.parent).text !== stats.get(box).text) break;
      box = box.parent;
    }
    const container = box.parent;
    // The first of a series of like items (an accordion's "Reviews" panel, left empty for a script to
    // fill) heads its item, not the series: the other items (description, ingredients) stay.
    if (!rootSet.has(box) && isItemOfSeries(box)) {
      drop(box);
      continue;
    }
    if (
      !rootSet.has(box) &&
      isElement(container) &&
      !rootSet.has(container) &&
      insideRoots(container, rootSet) &&
      startsWith(container, box, stats) &&
      stats.get(container).text < total * MAX_BOX_SHARE
    ) {
      drop(container);
      continue;
    }
    // Everything after a comments heading goes: the article must have come before it. A "related"
    // heading takes only what follows up to the next prose, so it may stand anywhere.
    if (heading.kind === 'comments' && textBefore(heading.el, roots, stats) < MIN_TEXT_BEFORE) continue;
    const siblings = rootSet.has(box) ? roots : elementSiblings(box);
    const start = siblings.indexOf(box);
    drop(box);
    for (let i = start + 1; i < siblings.length; i++) {
      const sibling = siblings[i];
      if (removed.has(sibling)) continue;
      if (heading.kind === 'related' && endsRelatedSection(sibling, heading.el, stats)) break;
      if (heading.kind === 'comments' && HEADING_TAGS.has(sibling.name) && rank(sibling) < rank(heading.el))
        break;
      drop(sibling);
    }
  }
  return dropped;
}

function endsRelatedSection(sibling: Element, heading: Element, stats: ContentStats): boolean {
  if (HEADING_TAGS.has(sibling.name) && rank(sibling) <= rank(heading)) return true;
  const s = stats.get(sibling);
  return s.prose >= RESUMING_PROSE_CHARS && stats.linkDensity(sibling) < 0.25 && s.prose >= s.text * 0.6;
}

/** A box holding its heading and a panel, beside boxes of the same tag and class. */
function isItemOfSeries(box: Element): boolean {
  const className = box.attribs.class;
  if (!className || !isElement(box.parent) || HEADING_TAGS.has(box.name)) return false;
  if (box.children.filter((child) => isElement(child) && child.type === 'tag').length < 2) return false;
  return box.parent.children.some(
    (child) =>
      child !== box && isElement(child) && child.name === box.name && child.attribs.class === className,
  );
}

function insideRoots(el: Element, roots: ReadonlySet<Element>): boolean {
  for (let p = el.parent; isElement(p); p = p.parent) if (roots.has(p)) return true;
  return false;
}

/** Nothing with text comes before `child` inside `container`. */
function startsWith(container: Element, child: Element, stats: ContentStats): boolean {
  for (const node of container.children) {
    if (node === child) return true;
    if (node.type === 'text' && collapsedLength(node.data) > 0) return false;
    if (isElement(node) && node.type === 'tag' && stats.get(node).text > 0) return false;
  }
  return false;
}
