import { type Element, isElement } from '../../html/dom.js';
import { classWeight } from './patterns.js';
import type { ContentStats } from './stats.js';

/*
 * The scoring favours the block with the densest prose. On a page made of items of one kind (cards
 * of a list, posts of a thread, blocks of a page builder) that is one item, and the page is all
 * of them.
 */

interface Siblings {
  count: number;
  prose: number;
}

/** The siblings of `item` that `isLike` accepts and that hold at least `minProse` of their own. */
function siblingItems(
  item: Element,
  isLike: (sibling: Element) => boolean,
  minProse: number,
  stats: ContentStats,
  removed: ReadonlySet<Element>,
): Siblings {
  const found: Siblings = { count: 0, prose: 0 };
  const holder = item.parent;
  if (!isElement(holder)) return found;
  for (const sibling of holder.children) {
    if (sibling === item || !isElement(sibling) || removed.has(sibling) || !isLike(sibling)) continue;
    const prose = stats.get(sibling).prose;
    if (prose < minProse) continue;
    found.count++;
    found.prose += prose;
  }
  return found;
}

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
  const own = !removed.has(item) && stats.get(item).prose >= MIN_LIST_ITEM_PROSE ? 1 : 0;
  const others = siblingItems(item, (sibling) => sibling.name === 'li', MIN_LIST_ITEM_PROSE, stats, removed);
  return own + others.count >= MIN_PROSE_ITEMS ? list : top;
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
    const own = stats.get(current).prose;
    if (kind && own >= MIN_POST_PROSE) {
      const others = siblingItems(
        current,
        (sibling) => sibling.name === current.name && firstClass(sibling) === kind,
        MIN_POST_PROSE,
        stats,
        removed,
      );
      if (others.count >= MIN_OTHER_POSTS && own + others.prose >= stats.get(holder).prose * MIN_SERIES_SHARE)
        return holder;
    }
    current = holder;
  }
  return top;
}

/** How many wrappers above the declared body may be the repeated post (post > wrapper > text). */
const ITEM_LEVELS = 3;
/** A sibling item must hold this much prose to count: a post, not an empty template slot. */
const MIN_ITEM_PROSE = 80;

/**
 * A thread's posts and a Q&A page's answers each carry the body microdata (`itemprop="text"`), so the
 * CMS declares several bodies and the choice settles in one of them. When the declared body, or a
 * wrapper just above it, has a sibling of the same tag and class holding prose (the next post), the
 * choice moves to that level, and the sibling merge that follows (which favours siblings sharing
 * the choice's class) takes in the other posts.
 */
export function liftToRepeatedItem(
  top: Element,
  stats: ContentStats,
  body: Element,
  removed: ReadonlySet<Element>,
): Element {
  let current: Element = top;
  for (let level = 0; level < ITEM_LEVELS && current !== body; level++) {
    const parent = current.parent;
    if (!isElement(parent)) break;
    const className = current.attribs.class;
    if (className && classWeight(current) >= 0) {
      const others = siblingItems(
        current,
        (sibling) => sibling.name === current.name && sibling.attribs.class === className,
        MIN_ITEM_PROSE,
        stats,
        removed,
      );
      if (others.count > 0) return current;
    }
    if (parent === body) break;
    current = parent;
  }
  return top;
}
