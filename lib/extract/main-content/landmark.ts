import { type Element, isElement, walkElements } from '../../html/dom.js';
import { declaresSingleItem, declaresSingleItemInHead } from './declared-kind.js';
import type { ContentStats } from './stats.js';
import type { TextMeasure } from './text-measure.js';

/**
 * A result holding less than this share of the text of the page's main landmark is one block of a
 * page that has no single article: a home page, a section front, a category or search listing, a
 * landing page. Scoring settles there on a promo box or a footnote, since teasers are links and
 * count as no prose; the landmark the page itself marked as its content is the better answer.
 */
const MIN_LANDMARK_SHARE = 0.35;
/** A result the name-free pass recovered is suspect already: it must hold more of the landmark. */
const MIN_RECOVERED_LANDMARK_SHARE = 0.5;

/** The page's own `<main>` (or `role="main"`), outermost first, with text once furniture is out. */
function mainLandmark(body: Element, textOf: (el: Element) => number): Element | null {
  let found: Element | null = null;
  walkElements(body, (el) => {
    if (found) return false;
    if (el.name === 'main' || el.attribs.role === 'main') {
      if (textOf(el) > 0) found = el;
      return false;
    }
    return true;
  });
  return found;
}

/**
 * Without a main landmark the page's whole text stands in for it, at a lower share: the body also
 * holds the header, the menus and the footer, which the pruning by tag and role only partly removes.
 */
const MIN_BODY_SHARE = 0.1;
/** …and only for a result too short to be an article of its own (a promo line, a notice). */
const MAX_SHORT_RESULT_CHARS = 1000;

/** The page's text counted without the name heuristics: at hand when the second pass ran, else read on demand. */
export interface NameFreeReading {
  known: ContentStats | undefined;
  read: () => ContentStats;
}

/** The result as the landmark tests need it. */
export interface ScoredResult {
  roots: readonly Element[];
  removed: ReadonlySet<Element>;
  stats: ContentStats;
  textLength: number;
}

/**
 * The main landmark when the scored result is a small fraction of it (see MIN_LANDMARK_SHARE, and
 * MIN_UNDECLARED_LANDMARK_SHARE on a page that declares no single item), or, on a page that marks
 * none, the body when the result is a small fraction of the page.
 */
export function landmarkInstead(
  body: Element,
  measure: TextMeasure,
  result: ScoredResult,
  recovered: boolean,
  nameFree: NameFreeReading,
): Element | null {
  const { stats, textLength } = result;
  const landmark = mainLandmark(body, (el) => stats.get(el).text);
  if (landmark) {
    const share = recovered ? MIN_RECOVERED_LANDMARK_SHARE : MIN_LANDMARK_SHARE;
    if (textLength < stats.get(landmark).text * share) return landmark;
    return undeclaredPageTakesLandmark(body, landmark, measure, result, nameFree) ? landmark : null;
  }
  return textLength < MAX_SHORT_RESULT_CHARS && textLength < stats.get(body).text * MIN_BODY_SHARE
    ? body
    : null;
}

/**
 * On a page that declares no single article, product or thread, the landmark wins unless the result
 * holds most of it, measured without the name heuristics: a store's lineup, a landing page's
 * sections and a chart's rows carry furniture-like names, and the share counted with the names
 * took them out of the landmark as well as the result.
 */
const MIN_UNDECLARED_LANDMARK_SHARE = 0.6;

/** The landmark's `<h1>`s with text once the furniture found without names is out. */
function visibleHeadlines(landmark: Element, stats: ContentStats): Element[] {
  const found: Element[] = [];
  walkElements(landmark, (el) => {
    if (stats.get(el).text === 0) return false;
    if (el.name === 'h1') found.push(el);
    return el.name !== 'h1';
  });
  return found;
}

/** The headline is in the result, though the result may have dropped it for repeating the title. */
function holds(result: ScoredResult, headline: Element): boolean {
  for (let p: Element | null = headline; p; p = isElement(p.parent) ? p.parent : null) {
    if (result.roots.includes(p)) return true;
    if (p !== headline && result.removed.has(p)) return false;
  }
  return false;
}

/** The page marked the result as an article: a story, whether or not it declares one. */
function insideArticle(el: Element): boolean {
  for (let p: Element | null = el; p; p = isElement(p.parent) ? p.parent : null) {
    if (p.name === 'article') return true;
  }
  return false;
}

/**
 * A page that declares no single item takes its landmark when the result is a minor part of it, is
 * no `<article>` and does not hold the landmark's one headline (a podcast episode, a product or a
 * story left undeclared, with related items around it).
 */
function undeclaredPageTakesLandmark(
  body: Element,
  landmark: Element,
  measure: TextMeasure,
  result: ScoredResult,
  nameFree: NameFreeReading,
): boolean {
  if (insideArticle(result.roots[0]) || declaresSingleItemInHead(body)) return false;
  const threshold = MIN_UNDECLARED_LANDMARK_SHARE;
  // Without the name-free pass at hand, the unpruned text bounds the pruned one: most results need
  // no such pass to be kept.
  const bound = nameFree.known ? nameFree.known.get(landmark).text : measure.size(landmark).text;
  if (result.textLength >= bound * threshold || declaresSingleItem(body)) return false;
  const stats = nameFree.read();
  if (result.textLength >= stats.get(landmark).text * threshold) return false;
  const headlines = visibleHeadlines(landmark, stats);
  return !(headlines.length === 1 && holds(result, headlines[0]));
}
