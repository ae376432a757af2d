import { BLOCK_TAGS, type Element, isElement, textOf, walkElements } from '../../html/dom.js';

/**
 * Shorter blocks repeat for good reasons (a price, a size, a "Pros" heading on every review), and
 * they weigh little; a repeated sentence or paragraph is the same part of the page printed twice.
 */
const MIN_REPEATED_CHARS = 40;

/**
 * The blocks of the result whose text repeats an earlier block's word for word: product pages print
 * parts twice for their layouts (a mobile and a desktop copy, a sticky bar over the buy box, the
 * same review in a carousel and in the list), and the reader sees one of them. The outermost copy
 * is the unit, so a list of short items (currencies, sizes, facts) printed twice counts as one
 * repeat though none of its items is long enough to count alone.
 */
export function findRepeatedBlocks(roots: readonly Element[], removed: ReadonlySet<Element>): Element[] {
  const skip = (el: Element) => removed.has(el);
  const counts = countNonSpace(roots, skip);
  const candidates = blocksSharingCount(roots, counts, skip);
  const seen = new Map<string, Element>();
  const repeated: Element[] = [];
  for (const root of roots) {
    walkElements(root, (el) => {
      if (removed.has(el)) return false;
      // Only a block whose character count another block shares can repeat one: the others are
      // walked through without reading their text.
      if (!candidates.has(el)) return true;
      const text = textOf(el, skip);
      if (text.length < MIN_REPEATED_CHARS) return false;
      const first = seen.get(text);
      if (first === undefined) seen.set(text, el);
      else if (!isAncestor(first, el)) {
        repeated.push(el);
        return false;
      }
      return true;
    });
  }
  return repeated;
}

/** Characters other than whitespace under each element, in one pass from the leaves up. */
function countNonSpace(roots: readonly Element[], skip: (el: Element) => boolean): Map<Element, number> {
  const counts = new Map<Element, number>();
  const order: Element[] = [];
  for (const root of roots) {
    walkElements(root, (el) => {
      if (skip(el)) return false;
      order.push(el);
      return true;
    });
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const el = order[i];
    let n = 0;
    for (const child of el.children) {
      if (child.type === 'text') n += nonSpaceLength(child.data);
      else if (isElement(child)) n += counts.get(child) ?? 0;
    }
    counts.set(el, n);
  }
  return counts;
}

function nonSpaceLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 32) n++;
  return n;
}

/**
 * Blocks whose count another block shares, the outermost of a chain of wrappers standing for it
 * (a block holding just what its parent holds repeats nothing).
 */
function blocksSharingCount(
  roots: readonly Element[],
  counts: ReadonlyMap<Element, number>,
  skip: (el: Element) => boolean,
): Set<Element> {
  const byCount = new Map<number, Element[]>();
  for (const root of roots) {
    walkElements(root, (el) => {
      if (skip(el)) return false;
      const n = counts.get(el) ?? 0;
      if (n === 0) return false;
      const parent = el.parent;
      const wrapped = isElement(parent) && counts.get(parent) === n;
      if (BLOCK_TAGS.has(el.name) && !wrapped) {
        const same = byCount.get(n);
        if (same) same.push(el);
        else byCount.set(n, [el]);
      }
      return true;
    });
  }
  const candidates = new Set<Element>();
  for (const same of byCount.values()) if (same.length > 1) for (const el of same) candidates.add(el);
  return candidates;
}

function isAncestor(ancestor: Element, el: Element): boolean {
  for (let p = el.parent; isElement(p); p = p.parent) if (p === ancestor) return true;
  return false;
}
