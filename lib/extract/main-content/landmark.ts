import { type Element, walkElements } from '../../html/dom.js';
import type { ContentStats } from './stats.js';

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
function mainLandmark(body: Element, stats: ContentStats): Element | null {
  let found: Element | null = null;
  walkElements(body, (el) => {
    if (found) return false;
    if (el.name === 'main' || el.attribs.role === 'main') {
      if (stats.get(el).text > 0) found = el;
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

/**
 * The main landmark when the scored result is a small fraction of it (see MIN_LANDMARK_SHARE), or,
 * on a page that marks none, the body when the result is a small fraction of the page.
 */
export function landmarkInstead(
  body: Element,
  stats: ContentStats,
  resultLength: number,
  recovered: boolean,
): Element | null {
  const landmark = mainLandmark(body, stats);
  if (landmark) {
    const share = recovered ? MIN_RECOVERED_LANDMARK_SHARE : MIN_LANDMARK_SHARE;
    return resultLength < stats.get(landmark).text * share ? landmark : null;
  }
  return resultLength < MAX_SHORT_RESULT_CHARS && resultLength < stats.get(body).text * MIN_BODY_SHARE
    ? body
    : null;
}
