import { type Element, hasNonBlankText, isElement, textOf, walkElements } from '../../html/dom.js';
import { hiddenByAttribute, hiddenByStyle } from '../../html/hidden.js';
import type { LeafNotice } from './leaf-notices.js';
import { classTokens } from './patterns.js';
import { findRepeatedBlocks } from './repeated-blocks.js';

/** Never shown where they stand: a menu's template, a control's label. */
const UNSEEN_TAGS = new Set([
  'template',
  'script',
  'style',
  'svg',
  'button',
  'select',
  'option',
  'dialog',
  'nav',
]);

/**
 * Paths of a member's profile page on forum engines: Discourse `/u/<name>`, XenForo `/members/`,
 * Invision `/profile/`, phpBB `memberlist.php?mode=viewprofile`, vBulletin `member.php`, NodeBB
 * and Flarum `/user/` or `/u/`.
 */
const PROFILE_HREF =
  /(?:^|\/)(?:u|users?|members?|profile|profiles)\/[^/?#]+|memberlist\.php\?mode=viewprofile|member\.php\?/i;
/** A poster's name is a word or two, not a sentence. */
const MAX_NAME_CHARS = 40;

function isUnseen(el: Element): boolean {
  return UNSEEN_TAGS.has(el.name) || hiddenByAttribute(el.attribs) || hiddenByStyle(el.attribs.style);
}

function isPosterName(el: Element): boolean {
  if (el.name === 'meta') return false;
  const a = el.attribs;
  const named =
    (a.itemprop === 'name' && isElement(el.parent) && hasAuthorAncestor(el)) ||
    classTokens(el).includes('username') ||
    (el.name === 'a' && PROFILE_HREF.test(a.href ?? ''));
  // A profile link around the poster's picture (or the letter standing in for it) is no name.
  if (!named || classTokens(el).includes('avatar')) return false;
  const text = textOf(el).trim();
  // An @mention links to the same profile page.
  return text.length > 1 && text.length <= MAX_NAME_CHARS && !text.startsWith('@');
}

function hasAuthorAncestor(el: Element): boolean {
  let level = 0;
  for (let p = el.parent; isElement(p) && level < 4; p = p.parent, level++) {
    if (p.attribs.itemprop === 'author') return true;
  }
  return false;
}

export interface PostBylines {
  /** Elements to take out of the removed set: the cards that held a name or a date. */
  restored: Element[];
  /** What of those cards stays out: everything beside the name and the date. */
  removed: Element[];
}

/**
 * A thread's annotated text reads each post under its poster's name and date ("blumo / September
 * 22, 2024"), as the page shows them; the engines print both inside the poster's card or a "meta"
 * header that the names rightly read as furniture (post counts, join dates, badges, menus). In a
 * declared discussion, each post's first `<time>` with text and the first poster's name in the
 * smallest block around it are kept, and the rest of their card stays out.
 */
export function findPostBylines(roots: readonly Element[], removed: ReadonlySet<Element>): PostBylines {
  const names: Element[] = [];
  const times: Element[] = [];
  for (const root of roots)
    walkElements(root, (el) => {
      // A name or a date inside a paragraph or a quote is a mention, not a byline.
      if (el.type !== 'tag' || isUnseen(el) || el.name === 'blockquote' || el.name === 'p') return false;
      if (el.name === 'time') {
        // Q&A engines print an empty <time> for machines beside the "answered" stamp they show.
        if (hasNonBlankText(el)) times.push(el);
        return false;
      }
      if (isPosterName(el)) {
        names.push(el);
        return false;
      }
      return true;
    });
  if (times.length === 0 || names.length === 0) return { restored: [], removed: [] };
  // First name under each ancestor, in document order (names were collected in that order).
  const nameUnder = new Map<Element, Element>();
  for (const name of names)
    for (let p = name.parent; isElement(p) && !nameUnder.has(p); p = p.parent) nameUnder.set(p, name);
  // The posts found so far, and every ancestor of them.
  const posts = new Set<Element>();
  const aroundPosts = new Set<Element>();
  const keep: Element[] = [];
  for (const time of times) {
    const post = postOf(time, nameUnder, roots);
    // A post prints its date twice for two layouts (a phone header and a desktop one): the first
    // byline found in it is the post's, and one inside or around another is the same post.
    if (!post || aroundPosts.has(post) || insideAny(post, posts)) continue;
    posts.add(post);
    for (let p = post.parent; isElement(p) && !aroundPosts.has(p); p = p.parent) aroundPosts.add(p);
    keep.push(nameUnder.get(post) as Element, time);
  }
  return hollowOut(keep, roots, removed);
}

/** The nearest ancestor of a date that holds a poster's name: the post, or its header. */
function postOf(
  time: Element,
  nameUnder: ReadonlyMap<Element, Element>,
  roots: readonly Element[],
): Element | null {
  for (let p = time.parent; isElement(p); p = p.parent) {
    if (nameUnder.has(p)) return p;
    if (roots.includes(p)) return null;
  }
  return null;
}

function insideAny(post: Element, posts: ReadonlySet<Element>): boolean {
  for (let p: Element | null = post; isElement(p); p = isElement(p.parent) ? p.parent : null)
    if (posts.has(p)) return true;
  return false;
}

/**
 * Keeps `targets` inside the removed subtrees that hold them: the removed ancestor comes back, and
 * every branch of it that leads to no target goes out instead.
 */
function hollowOut(
  targets: readonly Element[],
  roots: readonly Element[],
  removed: ReadonlySet<Element>,
): PostBylines {
  const onPath = new Set<Element>();
  const restored = new Set<Element>();
  const holders = new Set<Element>();
  for (const target of targets) {
    const path: Element[] = [];
    let holder: Element | null = null;
    for (let el: Element | null = target; isElement(el); el = isElement(el.parent) ? el.parent : null) {
      path.push(el);
      if (removed.has(el)) holder = el;
      if (roots.includes(el)) break;
    }
    if (!holder) continue;
    for (const el of path) {
      onPath.add(el);
      if (removed.has(el)) restored.add(el);
      if (el === holder) break;
    }
    holders.add(holder);
  }
  const kept = new Set(targets);
  const out: Element[] = [];
  for (const holder of holders)
    walkElements(holder, (el) => {
      if (el === holder) return true;
      if (kept.has(el)) return false;
      if (!onPath.has(el)) {
        out.push(el);
        return false;
      }
      return true;
    });
  return { restored: [...restored], removed: out };
}

/**
 * A post's number in its thread ("#12"), a permalink beside the date (XenForo, vBulletin, phpBB
 * themes): on a thread it numbers the posts, where on a ranking the same mark can be the entry's.
 */
export const POST_NUMBER: LeafNotice = {
  maxChars: 8,
  test: (text) => /^#\d{1,6}$/.test(text.trim()),
};

/**
 * A Q&A poster's standing under their name ("59.6k 44 gold badges 151 silver badges"), as Stack
 * Exchange's sites and their clones print it on every post's card.
 */
export const REPUTATION_FLAIR: LeafNotice = {
  maxChars: 90,
  test: (text) => /^[\d.,]+k?(?:\s*\d+\s*(?:gold|silver|bronze) badges?)+$/i.test(text.trim()),
};

/** The card around a reputation flair: the poster's name and the flair, nothing longer. */
export function posterCardsAround(flairs: readonly Element[], removed: ReadonlySet<Element>): Element[] {
  return flairs.map((flair) => {
    const card = flair.parent;
    if (!isElement(card)) return flair;
    const skip = (el: Element) => removed.has(el);
    const rest = textOf(card, skip).length - textOf(flair, skip).length;
    return rest <= MAX_NAME_CHARS ? card : flair;
  });
}

/** The block is a quote or sits in one (the search for repeats may give the whole <blockquote>). */
function inQuote(el: Element): boolean {
  for (let p: Element['parent'] = el; isElement(p); p = p.parent)
    if (p.name === 'blockquote' || p.name === 'q') return true;
  return false;
}

/**
 * A post's paragraphs printed again outside a quote: the preview of the post a reply answers
 * (NodeBB's collapsed "parent" line), a layout's second copy. A thread quotes in <blockquote>,
 * and the quoted words are kept as the reader sees them.
 */
export function findRepeatsOutsideQuotes(
  roots: readonly Element[],
  removed: ReadonlySet<Element>,
): Element[] {
  return findRepeatedBlocks(roots, removed).filter((el) => !inQuote(el));
}
