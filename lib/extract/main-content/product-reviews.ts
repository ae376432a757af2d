import { type Element, walkElements } from '../../html/dom.js';
import { classTokens } from './patterns.js';

/** Names shops give the customer-review widget and each review in it. */
const REVIEW_WORDS = new Set(['review', 'reviews', 'ratings']);
/** A company's testimonials are its pitch, and annotated service pages keep them. */
const TESTIMONIAL_WORDS = new Set(['testimonial', 'testimonials']);

function isReviewBlock(el: Element): boolean {
  if ((el.attribs.itemprop ?? '').toLowerCase() === 'review') return true;
  return classTokens(el).some((token) => REVIEW_WORDS.has(token));
}

/**
 * On a page that declares one product, the customers' reviews under it: the shop's widget (stars,
 * dates, "Verified buyer", each shopper's paragraph) rather than what the page says about the
 * product, and annotated product pages leave it out. The outermost blocks named so, inside the
 * result.
 */
export function findCustomerReviews(roots: readonly Element[], removed: ReadonlySet<Element>): Element[] {
  const found: Element[] = [];
  for (const root of roots) {
    walkElements(root, (el) => {
      if (removed.has(el)) return false;
      if (el === root) return true;
      if (classTokens(el).some((token) => TESTIMONIAL_WORDS.has(token))) return false;
      if (!isReviewBlock(el)) return true;
      found.push(el);
      return false;
    });
  }
  return found;
}
