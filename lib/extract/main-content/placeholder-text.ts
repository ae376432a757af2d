import { type Element, isElement } from '../../html/dom.js';
import { INLINE_TAGS } from './stats.js';

/**
 * Page builders ship their templates' filler ("Lorem ipsum dolor sit amet…", list items "Lorem
 * ipsum 1") and a landing page sometimes goes live with a card or a tab still holding it: text no
 * one wrote for the reader, however much prose it looks like.
 */
const PLACEHOLDER_OPENING = /^lorem ipsum\b/i;
/** Enough of the opening to read the two words and the boundary after them. */
const OPENING_CHARS = 12;

function opening(el: Element): string {
  let text = '';
  const visit = (node: Element): boolean => {
    for (const child of node.children) {
      if (child.type === 'text') text += child.data;
      else if (isElement(child) && child.type === 'tag' && visit(child)) return true;
      if (text.trimStart().length >= OPENING_CHARS) return true;
    }
    return false;
  };
  visit(el);
  return text.trimStart();
}

/**
 * A leaf block (no block inside it) that opens with the filler. Only leaves: a section whose first
 * card is filler may hold real text after it.
 */
export function isPlaceholderBlock(el: Element): boolean {
  if (INLINE_TAGS.has(el.name)) return false;
  for (const child of el.children) if (child.type === 'tag' && !INLINE_TAGS.has(child.name)) return false;
  return PLACEHOLDER_OPENING.test(opening(el));
}
