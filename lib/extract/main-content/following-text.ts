import { type Element, isElement } from '../../html/dom.js';
import type { ContentStats } from './stats.js';

/**
 * Whether the result goes on after `el` with at least `least` characters of its own text (or of
 * prose, paragraph-like text, when `prose` is set), read in document order up to the end of `root`.
 * What closes an article (a wall of teasers, a list of links to read next) has little or none of it
 * after; a part of the page's body has the rest of the body after it. Stops as soon as it has enough.
 */
export function resultGoesOn(
  el: Element,
  root: Element,
  stats: ContentStats,
  least: number,
  { prose = false } = {},
): boolean {
  let after = 0;
  for (let node: Element = el; node !== root && isElement(node.parent); node = node.parent) {
    const siblings = node.parent.children;
    for (let i = siblings.indexOf(node) + 1; i < siblings.length; i++) {
      const sibling = siblings[i];
      if (!isElement(sibling)) continue;
      const s = stats.get(sibling);
      after += prose ? s.prose : s.text;
      if (after >= least) return true;
    }
  }
  return false;
}
