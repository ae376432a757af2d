import { type Element, isElement } from '../../html/dom.js';
import type { ContentStats } from './stats.js';

/*
 * The scoring favours the block with the densest prose. On a page made of items of one kind (cards
 * of a list, posts of a thread, blocks of a page builder) that is one item, and the page is all
 * of them.
 */

/** How many wrappers above the choice may be its list item (li > card > text). */
const LIST_ITEM_LEVELS = 3;
/** Items of the list holding prose of their own, counting the choice's: a series, not a list of links. */
const MIN_PROSE_ITEMS = 3;
const MIN_LIST_ITEM_PROSE = 40;

/**
 * The choice is one card of a list of cards (offers, listings, entries), each a headline and a few
 * sentences: the scoring settles on the card with the longest text, and the page is the list.
 */
export function liftToListOfItems(
  top: Element,
  stats: ContentStats,
  body: Element,
  removed: ReadonlySet<Element>,
): Element {
  let item: Element = top;
  for (let level = 0; level < LIST_ITEM_LEVELS && item.name !== 'li'; level++) {
    if (!isElement(item.parent) || item.parent === body) return top;
    item = item.parent;
  }
  const list = item.parent;
  if (item.name !== 'li' || !isElement(list) || list === body) return top;
  let items = 0;
  for (const child of list.children)
    if (
      isElement(child) &&
      child.name === 'li' &&
      !removed.has(child) &&
      stats.get(child).prose >= MIN_LIST_ITEM_PROSE
    )
      items++;
  return items >= MIN_PROSE_ITEMS ? list : top;
}

/** How many wrappers above the choice may be one post of a series (post > box > body > message). */
const POST_LEVELS = 6;
/** Posts beside the choice's own, each holding this much prose. */
const MIN_OTHER_POSTS = 2;
const MIN_POST_PROSE = 80;
/** The posts hold this share of their holder's prose: a thread, not a page with a comment list. */
const MIN_SERIES_SHARE = 0.6;

function firstClass(el: Element): string | undefined {
  return el.attribs.class?.trim().split(/\s+/)[0];
}

/**
 * A thread without microdata: the scoring settles in its longest post, and the posts are siblings
 * of one tag and one leading class ("post odd", "post even"). When they hold most of their holder's
 * prose, the holder is the content.
 */
export function liftToSeriesOfPosts(
  top: Element,
  stats: ContentStats,
  body: Element,
  removed: ReadonlySet<Element>,
): Element {
  let current: Element = top;
  for (let level = 0; level < POST_LEVELS; level++) {
    const holder = current.parent;
    if (!isElement(holder) || holder === body) return top;
    const kind = firstClass(current);
    if (kind && stats.get(current).prose >= MIN_POST_PROSE) {
      let others = 0;
      let seriesProse = stats.get(current).prose;
      for (const sibling of holder.children) {
        if (sibling === current || !isElement(sibling) || removed.has(sibling)) continue;
        if (sibling.name !== current.name || firstClass(sibling) !== kind) continue;
        const prose = stats.get(sibling).prose;
        if (prose < MIN_POST_PROSE) continue;
        others++;
        seriesProse += prose;
      }
      if (others >= MIN_OTHER_POSTS && seriesProse >= stats.get(holder).prose * MIN_SERIES_SHARE)
        return holder;
    }
    current = holder;
  }
  return top;
}
