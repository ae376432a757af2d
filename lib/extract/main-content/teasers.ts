import { type Element, HEADING_TAGS, isElement, textOf, walkElements } from '../../html/dom.js';
import { isReadMore } from './section-words.js';
import type { ContentStats } from './stats.js';

/** A teaser is a headline and a summary: longer than this, a block is an article section. */
const MAX_TEASER_CHARS = 500;
const MIN_TEASERS_IN_LIST = 3;
/** A summary cut off mid-sentence by the CMS ("…on Tuesday, December 1..."). */
const TRUNCATED = /\w(?:\.\.\.|…)\s*$/u;

/**
 * A block announcing another page: a headline that is a link ("<h3><a>Other story</a></h3>"), or a
 * summary closing on a "Read more" link or cut off with an ellipsis, with little text and a link.
 * Article sections carry headings too, but they are not links and do not send the reader away.
 */
export function isTeaser(el: Element, stats: ContentStats): boolean {
  const s = stats.get(el);
  if (s.text === 0 || s.text > MAX_TEASER_CHARS || s.link === 0) return false;
  let linkedHeading = false;
  let lastLink: Element | null = null;
  walkElements(el, (node) => {
    if (HEADING_TAGS.has(node.name)) {
      const h = stats.get(node);
      if (h.text > 0 && h.link >= h.text * 0.9) linkedHeading = true;
    }
    if (node.name === 'a' && stats.get(node).text > 0) lastLink = node;
    return true;
  });
  return linkedHeading || (lastLink !== null && isReadMore(textOf(lastLink))) || TRUNCATED.test(textOf(el));
}

/**
 * A wall of teasers inside the article container: most of a block's children (three or more) are
 * teasers. Such walls carry generic names ("grid", "row", "col-md-4") that name-based pruning misses.
 */
export function isTeaserList(el: Element, stats: ContentStats): boolean {
  // Every teaser links somewhere: a block without links, or with too few children, is no wall.
  if (stats.get(el).link === 0 || el.children.length < MIN_TEASERS_IN_LIST) return false;
  let blocks = 0;
  let teasers = 0;
  for (const child of el.children) {
    if (!isElement(child) || child.type !== 'tag' || stats.get(child).text === 0) continue;
    blocks++;
    if (isTeaser(child, stats)) teasers++;
    else if (blocks - teasers > blocks * 0.2 && blocks >= MIN_TEASERS_IN_LIST) return false;
  }
  return blocks >= MIN_TEASERS_IN_LIST && teasers >= blocks * 0.8;
}
