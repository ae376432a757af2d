import { type Element, isElement, textOf, walkElements } from '../../html/dom.js';
import { INLINE_TAGS } from './stats.js';

/**
 * The affiliate and sponsorship notice a publisher prints above or below a story: "We may earn
 * commission from links on this page", "This post contains affiliate links", "Every item on this
 * page was chosen by an editor". First person or about the page itself, so a story that explains
 * affiliate marketing in its own sentences does not read as one.
 */
const DISCLOSURE =
  /\b(?:we|i|us|our (?:site|editors))\b[^.!?]{0,60}\b(?:earn|receive|get|make|may be paid)\b[^.!?]{0,40}\b(?:commissions?|compensation|share of (?:sales|revenue))\b|\b(?:this|the) (?:post|article|page|story|guide|review|site) (?:may )?(?:contains?|includes?|uses?) (?:affiliate|sponsored|partner) links?\b|\b(?:contains?|includes?) affiliate links\b|\bindependently selected by our editors\b|\bchosen by an? [\p{L} ]{0,30}editor\b|\bwir (?:erhalten|bekommen) (?:dafür |ggf\. |eventuell )?eine (?:kleine )?provision\b|\benthält (?:sogenannte )?(?:affiliate|werbe)-?links\b/iu;

export function isAffiliateDisclosure(text: string): boolean {
  return DISCLOSURE.test(text);
}

/** Longer, the block is a paragraph of the story that happens to say so. */
const MAX_DISCLOSURE_CHARS = 300;

/** The result's leaf blocks that are such a notice. */
export function findAffiliateDisclosures(
  roots: readonly Element[],
  removed: ReadonlySet<Element>,
): Element[] {
  const found: Element[] = [];
  const skip = (el: Element) => removed.has(el);
  for (const root of roots)
    walkElements(root, (el) => {
      if (removed.has(el)) return false;
      if (INLINE_TAGS.has(el.name) || el === root) return true;
      const holdsBlocks = el.children.some(
        (c) => isElement(c) && c.type === 'tag' && !INLINE_TAGS.has(c.name),
      );
      if (holdsBlocks) return true;
      const text = textOf(el, skip);
      if (text.length <= MAX_DISCLOSURE_CHARS && isAffiliateDisclosure(text)) found.push(el);
      return false;
    });
  return found;
}
