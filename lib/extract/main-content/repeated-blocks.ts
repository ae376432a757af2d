import { BLOCK_TAGS, type Element, isElement, textOf, walkElements } from '../../html/dom.js';

/**
 * Shorter blocks repeat for good reasons (a price, a size, a "Pros" heading on every review), and
 * they weigh little; a repeated sentence or paragraph is the same part of the page printed twice.
 */
const MIN_REPEATED_CHARS = 40;

function holdsBlock(el: Element): boolean {
  for (const child of el.children) if (isElement(child) && BLOCK_TAGS.has(child.name)) return true;
  return false;
}

/**
 * The innermost blocks of the result whose text repeats an earlier one's word for word: product
 * pages print parts twice for their layouts (a mobile and a desktop copy, a sticky bar over the
 * buy box, the same review in a carousel and in the list), and the reader sees one of them.
 */
export function findRepeatedBlocks(roots: readonly Element[], removed: ReadonlySet<Element>): Element[] {
  const seen = new Set<string>();
  const repeated: Element[] = [];
  const skip = (el: Element) => removed.has(el);
  for (const root of roots) {
    walkElements(root, (el) => {
      if (removed.has(el)) return false;
      if (!BLOCK_TAGS.has(el.name) || holdsBlock(el)) return true;
      const text = textOf(el, skip);
      if (text.length < MIN_REPEATED_CHARS) return false;
      if (seen.has(text)) repeated.push(el);
      else seen.add(text);
      return false;
    });
  }
  return repeated;
}
