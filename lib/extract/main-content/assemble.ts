import { type Element, HEADING_TAGS, isElement, textOf, walkElements } from '../../html/dom.js';
import { namesItsColumns } from './data-tables.js';
import { isFeatureCardGrid } from './feature-cards.js';
import { resultGoesOn } from './following-text.js';
import { classTokens, classWeight } from './patterns.js';
import { TEASER_LINE } from './section-words.js';
import type { ContentStats } from './stats.js';
import { isTeaser, isTeaserList } from './teasers.js';

/** Siblings of these kinds between two kept siblings belong to the article (a heading, a figure…). */
const CONTENT_TAGS = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'dl',
  'table',
  'pre',
  'blockquote',
  'figure',
  'img',
  'picture',
  'hr',
  'div',
  'section',
]);

/**
 * Readability's sibling merge: a sibling of the top candidate joins when it scores at least a fifth
 * of the top (a shared class name counts as a fifth more), or when it is a paragraph of prose. We then
 * also keep content-like siblings lying between two kept ones, because a body interrupted by an ad
 * slot or a heading is still one body and a missed paragraph costs more than a stray line.
 */
export function collectSiblings(
  top: Element,
  scores: Map<Element, number>,
  stats: ContentStats,
  removed: ReadonlySet<Element>,
): Element[] {
  const parent = top.parent;
  if (!isElement(parent)) return [top];
  const topScore = scores.get(top) ?? 0;
  const threshold = Math.max(10, topScore * 0.2);
  const topClass = top.attribs.class ?? '';
  const siblings = parent.children.filter(
    (child): child is Element => isElement(child) && child.type === 'tag' && !removed.has(child),
  );
  const keep = siblings.map((sibling) => {
    if (sibling === top) return true;
    const s = stats.get(sibling);
    if (s.text === 0) return false;
    const bonus = topClass && sibling.attribs.class === topClass ? topScore * 0.2 : 0;
    if (scores.has(sibling) && scores.get(sibling)! + bonus >= threshold) return true;
    return isProseParagraph(sibling, stats);
  });
  const first = keep.indexOf(true);
  const last = keep.lastIndexOf(true);
  for (let i = first + 1; i < last; i++) {
    if (keep[i]) continue;
    const sibling = siblings[i];
    if (!CONTENT_TAGS.has(sibling.name) || classWeight(sibling) < 0) continue;
    if (stats.linkDensity(sibling) < 0.5 || HEADING_TAGS.has(sibling.name)) keep[i] = true;
  }
  return siblings.filter((_, i) => keep[i]);
}

function isProseParagraph(el: Element, stats: ContentStats): boolean {
  if (el.name !== 'p' && !(stats.get(el).ownText > 0 && stats.get(el).paragraphs === 0)) return false;
  const s = stats.get(el);
  const density = stats.linkDensity(el);
  if (s.text > 80) return density < 0.25;
  return s.text > 0 && density === 0 && /\.( |$)/.test(textOf(el));
}

/**
 * Removes, inside the chosen article, blocks that look like furniture the first pass could not name:
 * link lists, forms, short link-heavy boxes. Deliberately milder than Readability's
 * `_cleanConditionally`, which drops legitimate lists and tables and costs recall. Returns the
 * amount of text removed.
 */
export function cleanInside(roots: Element[], stats: ContentStats, removed: Set<Element>): number {
  let removedText = 0;
  for (const root of roots) {
    walkElements(root, (el) => {
      if (removed.has(el)) return false;
      if (el === root) return true;
      const name = el.name;
      if (name === 'pre' || name === 'code' || name === 'figure' || name === 'blockquote') return false;
      if (holdsThreadPosts(el, root, stats)) return true;
      if (isFeatureCardGrid(el, root, stats)) return false;
      if (shouldDrop(el, root, stats)) {
        removed.add(el);
        removedText += stats.get(el).text;
        return false;
      }
      return true;
    });
  }
  return removedText;
}

/** Posts of one thread make up at least this share of the chosen block's text. */
const MIN_THREAD_SHARE = 0.5;
const MIN_THREAD_POSTS = 3;

/** Text of the <article>s among `parent`'s children sharing `className`, or 0 when under three. */
function postsText(parent: Element, className: string | undefined, stats: ContentStats): number {
  let posts = 0;
  let text = 0;
  for (const child of parent.children) {
    if (!isElement(child) || child.name !== 'article' || child.attribs.class !== className) continue;
    posts++;
    text += stats.get(child).text;
  }
  return posts >= MIN_THREAD_POSTS ? text : 0;
}

/**
 * An <article> with a linked heading reads as another story's teaser, and a run of them as a teaser
 * wall, but a thread's posts are <article>s too, each headed by its author's linked name. When the
 * <article>s of one class side by side hold most of the chosen block's text, they are its content:
 * the posts and the element holding them stay.
 */
function holdsThreadPosts(el: Element, root: Element, stats: ContentStats): boolean {
  const least = stats.get(root).text * MIN_THREAD_SHARE;
  if (el.name === 'article' && isElement(el.parent))
    return postsText(el.parent, el.attribs.class, stats) >= least;
  const first = el.children.find((child): child is Element => isElement(child) && child.name === 'article');
  return first !== undefined && postsText(el, first.attribs.class, stats) >= least;
}

const CLEANED_TAGS = new Set([
  'div',
  'section',
  'ul',
  'ol',
  'dl',
  'table',
  'aside',
  'form',
  'fieldset',
  'header',
]);

/** Prose after a list of links that makes it a part of the body, not the list that closes it. */
const MIN_PROSE_AFTER_LIST = 500;

function shouldDrop(el: Element, root: Element, stats: ContentStats): boolean {
  // An <article> inside the article is another story's teaser.
  if (el.name === 'article') return isTeaser(el, stats);
  // Page builders print the same teaser line as a small heading ("Related: <headline>" in an <h5>).
  if (el.name === 'p' || (HEADING_TAGS.has(el.name) && el.name !== 'h1')) {
    const s = stats.get(el);
    return s.text < 200 && stats.linkDensity(el) > 0.5 && TEASER_LINE.test(textOf(el));
  }
  if (!CLEANED_TAGS.has(el.name)) return false;
  const s = stats.get(el);
  if (s.text === 0) return false;
  const weight = classWeight(el);
  const density = stats.linkDensity(el);
  const isList = el.name === 'ul' || el.name === 'ol' || el.name === 'dl';
  if (s.inputs > 0 && s.inputs > Math.floor(s.paragraphs / 3)) return true;
  if (weight < 0 && density > 0.2 && s.text < 500 && !isProseCardOfSeries(el, stats)) return true;
  if (isList) {
    // A table of contents: link density leaves in-page links out on purpose (they are not
    // navigation away), so they are counted apart.
    if (s.listItems >= 3 && s.inPageLink >= s.text * 0.8) return true;
    if (density <= 0.8 || s.listItems < 3 || s.text / s.listItems >= 80 || weight > 0) return false;
    // A roundup's shop links under each pick, a guide's list of courses: the guide goes on after them.
    return !resultGoesOn(el, root, stats, MIN_PROSE_AFTER_LIST, { prose: true });
  }
  if (el.name === 'table') return density > 0.7 && !namesItsColumns(el);
  if (isTeaserList(el, stats)) return true;
  if (density > 0.5 && s.text < 600 && weight < 25) return true;
  // A lone tag line like "Tags: a, b" or "Filed under …".
  return s.text < 25 && density > 0 && s.images === 0 && s.paragraphs === 0 && !hasHeading(el);
}

const MIN_SERIES_ITEMS = 3;

/**
 * One card of a grid of like cards (tag and class shared with its siblings, or one per item of a
 * list), mostly prose: a landing page's features or templates, each a title, a sentence and a link.
 * Names like "card" weigh against a box on their own, not against a grid of them.
 */
function isProseCardOfSeries(el: Element, stats: ContentStats): boolean {
  const s = stats.get(el);
  if (s.prose < s.text * 0.5 || !isElement(el.parent)) return false;
  const item = el.parent.name === 'li' ? el.parent : el;
  if (!isElement(item.parent)) return false;
  let like = 0;
  for (const sibling of item.parent.children) {
    if (isElement(sibling) && sibling.name === item.name && sibling.attribs.class === item.attribs.class)
      like++;
  }
  return like >= MIN_SERIES_ITEMS;
}

function hasHeading(el: Element): boolean {
  if (HEADING_TAGS.has(el.name)) return true;
  return classTokens(el).includes('title');
}
