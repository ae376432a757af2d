import { type Element, isElement, textOf, walkElements } from '../../html/dom.js';
import { type ContentStats, INLINE_TAGS } from './stats.js';

/** A short message a site prints in a story or a thread, told by its words. */
export interface LeafNotice {
  /** Longer, the block is a paragraph that happens to use the same words. */
  maxChars: number;
  test(text: string): boolean;
}

/**
 * The result's leaf blocks (no block inside) that are one of the notices, in one walk: the block's
 * measured size rules most blocks out before their text is read.
 */
export function findLeafNotices(
  roots: readonly Element[],
  removed: ReadonlySet<Element>,
  stats: ContentStats,
  notices: readonly LeafNotice[],
): Element[] {
  const longest = Math.max(...notices.map((notice) => notice.maxChars));
  const skip = (el: Element) => removed.has(el);
  const found: Element[] = [];
  for (const root of roots)
    walkElements(root, (el) => {
      if (removed.has(el)) return false;
      if (INLINE_TAGS.has(el.name) || el === root) return true;
      const size = stats.get(el).text;
      if (size === 0) return false;
      if (
        el.children.some((child) => isElement(child) && child.type === 'tag' && !INLINE_TAGS.has(child.name))
      )
        return true;
      if (size > longest) return false;
      const text = textOf(el, skip);
      if (notices.some((notice) => text.length <= notice.maxChars && notice.test(text))) found.push(el);
      return false;
    });
  return found;
}
