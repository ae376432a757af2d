import { type Element, HEADING_TAGS, isElement } from '../dom.js';
import { classWeight } from './patterns.js';
import type { ContentStats } from './stats.js';

/** A block whose own text is shorter than this is a label, not a paragraph (Readability's 25). */
const MIN_PARAGRAPH_CHARS = 25;
/** How far up a paragraph's score spreads (Readability: 5 levels, halving then thirds). */
const ANCESTOR_LEVELS = 5;

const NOT_PARAGRAPHS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th', 'caption', 'figcaption', 'label']);

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

function initialScore(el: Element): number {
  let score = tagBase(el) + classWeight(el);
  // Microdata is written by the CMS, not guessed: it outranks any class name.
  if (el.attribs.itemprop === 'articleBody' || el.attribs.itemprop === 'text') score += 40;
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
    if (s.ownText < MIN_PARAGRAPH_CHARS || NOT_PARAGRAPHS.has(el.name)) continue;
    // A list item made of a link is navigation even when long.
    if (el.name === 'li' && s.ownLink > s.ownText * 0.5) continue;
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

/** What an ancestor adds beyond the current choice must be this link-free to be taken as article. */
const MAX_EXTRA_LINK_DENSITY = 0.25;

/**
 * Readability stops at the block with the densest paragraphs, which on long documents is one section
 * of many (a man page's OPTIONS, a tutorial's longest chapter). We move up while what the ancestor
 * adds beyond the current choice, furniture already pruned, is prose: mostly unlinked text that is
 * not named like furniture. Sidebars, link lists and teaser walls add linked text and stop the climb.
 */
export function climbWhileProse(top: Element, stats: ContentStats, root: Element): Element {
  let current = top;
  for (let p = current.parent; isElement(p); p = p.parent) {
    const now = stats.get(current);
    const next = stats.get(p);
    const extraText = next.text - now.text;
    const extraLinks = next.link - now.link;
    if (extraText > 0 && extraLinks / extraText > MAX_EXTRA_LINK_DENSITY) break;
    if (p !== root && classWeight(p) < 0) break;
    current = p;
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
