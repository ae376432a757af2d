import { type Element, HEADING_TAGS, isElement } from '../../html/dom.js';
import { classWeight } from './patterns.js';
import { type ContentStats, isParagraphUnit } from './stats.js';

/** How far up a paragraph's score spreads (Readability: 5 levels, halving then thirds). */
const ANCESTOR_LEVELS = 5;

function tagBase(el: Element): number {
  switch (el.name) {
    case 'article':
      return 10;
    case 'main':
    case 'div':
      return 5;
    case 'section':
    case 'pre':
    case 'td':
    case 'blockquote':
      return 3;
    case 'address':
    case 'ol':
    case 'ul':
    case 'dl':
    case 'dd':
    case 'dt':
    case 'li':
    case 'form':
      return -3;
    case 'th':
      return -5;
    default:
      return HEADING_TAGS.has(el.name) ? -5 : 0;
  }
}

/** The CMS says so: schema.org microdata, or the `name="articleBody"` some newsrooms use. */
export function isDeclaredArticleBody(el: Element): boolean {
  const a = el.attribs;
  return a.itemprop === 'articleBody' || a.name === 'articleBody' || a.itemprop === 'text';
}

function initialScore(el: Element): number {
  let score = tagBase(el) + classWeight(el);
  // Microdata is written by the CMS, not guessed: it outranks any class name.
  if (isDeclaredArticleBody(el)) score += 40;
  return score;
}

/**
 * Readability's scoring on our counts: each paragraph-like block (own text of 25+ characters, which
 * also covers text in a <div> or <td> split by <br>) scores 1 + commas + one point per 100 characters
 * (at most 3), given in full to its parent, half to its grandparent and a third per level above.
 * Scores are then scaled by (1 - link density), so menus of links lose to prose.
 */
export function scoreCandidates(stats: ContentStats, root: Element): Map<Element, number> {
  const scores = new Map<Element, number>();
  for (const [el, s] of stats.elements()) {
    if (!isParagraphUnit(el, s)) continue;
    const contentScore = 1 + s.ownCommas + Math.min(Math.floor(s.ownText / 100), 3);
    let level = 0;
    for (
      let ancestor = el.parent;
      isElement(ancestor) && level < ANCESTOR_LEVELS;
      ancestor = ancestor.parent
    ) {
      if (!scores.has(ancestor)) scores.set(ancestor, initialScore(ancestor));
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      scores.set(ancestor, scores.get(ancestor)! + contentScore / divider);
      level++;
      if (ancestor === root) break;
    }
  }
  for (const [el, score] of scores) scores.set(el, score * (1 - stats.linkDensity(el)));
  return scores;
}

function ancestorsOf(el: Element, stop: Element): Element[] {
  const out: Element[] = [];
  for (let p = el.parent; isElement(p) && p !== stop; p = p.parent) out.push(p);
  return out;
}

/**
 * The best-scoring container, then Readability's corrections: when three of the top five candidates
 * (each within 75 % of the best) share an ancestor, that ancestor is the article (a body split into
 * blocks); a parent scoring higher than its child is preferred; an only child gives way to its parent.
 */
export function pickTopCandidate(scores: Map<Element, number>, root: Element): Element | null {
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0 || ranked[0][1] <= 0) return null;
  let top = ranked[0][0];
  const topScore = ranked[0][1];

  const alternatives = ranked
    .slice(1, 5)
    .filter(([, score]) => score / topScore >= 0.75)
    .map(([el]) => new Set(ancestorsOf(el, root)));
  if (alternatives.length >= 3) {
    for (let p = top.parent; isElement(p) && p !== root; p = p.parent) {
      let containing = 0;
      for (const set of alternatives) if (set.has(p)) containing++;
      if (containing >= 3) {
        top = p;
        break;
      }
    }
  }

  let lastScore = scores.get(top) ?? 0;
  const threshold = lastScore / 3;
  for (let p = top.parent; isElement(p) && p !== root; p = p.parent) {
    const parentScore = scores.get(p);
    if (parentScore === undefined) continue;
    if (parentScore < threshold) break;
    if (parentScore > lastScore) {
      top = p;
      break;
    }
    lastScore = parentScore;
  }

  for (let p = top.parent; isElement(p) && p !== root && onlyElementChild(p) === top; p = p.parent) top = p;
  return top;
}

/** Share of the prose a child must hold for the choice to narrow to it. */
const DESCEND_SHARE = 0.9;

/**
 * Narrows the choice to a child holding nearly all of its prose (an <article> whose body <div> has
 * everything but the headline, standfirst and byline): annotators leave those out, and a body split
 * across several children is put back together by the sibling merge that follows.
 */
export function descendToProse(top: Element, stats: ContentStats): Element {
  let current = top;
  for (;;) {
    const prose = stats.get(current).prose;
    if (prose === 0) return current;
    let next: Element | null = null;
    for (const child of current.children) {
      if (isElement(child) && child.type === 'tag' && stats.get(child).prose >= prose * DESCEND_SHARE)
        next = child;
    }
    // Narrowing to a lone <p> would leave the sibling merge one level too low; a <td> or <div> whose
    // own text is the article (old table layouts, <br>-separated text) is the right stop.
    if (!next || next.name === 'p') return current;
    current = next;
  }
}

/** What an ancestor adds beyond the current choice must be this link-free to be taken as article. */
const MAX_EXTRA_LINK_DENSITY = 0.25;
/** …and must add at least this share of prose, or the climb only gathers headers and bylines. */
const MIN_EXTRA_PROSE = 0.3;

/**
 * Readability stops at the block with the densest paragraphs, which on long documents is one section
 * of many (a man page's OPTIONS, a tutorial's longest chapter). We move up while the ancestor adds a
 * substantial amount of prose (30 % more) that is mostly unlinked and not named like furniture.
 * What usually surrounds a news article (headline, standfirst, byline, caption, author box) is too
 * little to pass; teaser walls and link lists are too linked. Wrappers adding nothing are crossed.
 */
export function climbWhileProse(top: Element, stats: ContentStats, root: Element): Element {
  let current = top;
  for (let p = top.parent; isElement(p); p = p.parent) {
    if (p !== root && classWeight(p) < 0) break;
    const now = stats.get(current);
    const next = stats.get(p);
    const extraText = next.text - now.text;
    if (extraText > 0 && (next.link - now.link) / extraText > MAX_EXTRA_LINK_DENSITY) break;
    if (next.prose - now.prose >= now.prose * MIN_EXTRA_PROSE) current = p;
    if (p === root) break;
  }
  return current;
}

function onlyElementChild(el: Element): Element | null {
  let only: Element | null = null;
  for (const child of el.children) {
    if (child.type === 'text' && !child.data.trim()) continue;
    if (!isElement(child) || only) return null;
    only = child;
  }
  return only;
}
