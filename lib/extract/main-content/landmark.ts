import { type Element, walkElements } from '../../html/dom.js';
import type { ContentStats } from './stats.js';

/**
 * A result holding less than this share of the text of the page's main landmark is one block of a
 * page that has no single article: a home page, a section front, a category or search listing, a
 * landing page. Scoring settles there on a promo box or a footnote, since teasers are links and
 * count as no prose; the landmark the page itself marked as its content is the better answer.
 */
const MIN_LANDMARK_SHARE = 0.35;

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

/** The main landmark when the scored result is a small fraction of it (see MIN_LANDMARK_SHARE). */
export function landmarkInstead(body: Element, stats: ContentStats, resultLength: number): Element | null {
  const landmark = mainLandmark(body, stats);
  if (!landmark || resultLength >= stats.get(landmark).text * MIN_LANDMARK_SHARE) return null;
  return landmark;
}
