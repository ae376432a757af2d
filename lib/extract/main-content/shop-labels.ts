import type { Element } from '../../html/dom.js';
import { headingPhrase, phrases } from './section-words.js';
import { INLINE_TAGS } from './stats.js';
import type { TextMeasure } from './text-measure.js';

/**
 * A shop's controls printed as text on every card and beside the buy box ("Add to wishlist",
 * "+ wishlist", "Compare", "Quick view"): buttons drawn as links or spans, which read as lines of
 * the page between the product's name and its price.
 */
const SHOP_CONTROL = phrases(String.raw`
  add to (?:cart|bag|basket|wishlist|wish list|list|favou?rites|compare|registry)
  (?:\+ )?wishlist | compare | quick (?:view|add|shop|look) | save for later | notify me(?: when available)?
  remove from (?:wishlist|wish list|favou?rites|compare)
`);

const MAX_SHOP_CONTROL_CHARS = 40;

/** Text right beside it: the word is part of a sentence ("compare the two plans"), not a control. */
function besideText(el: Element): boolean {
  for (const sibling of [el.prev, el.next])
    if (sibling?.type === 'text' && sibling.data.trim() !== '') return true;
  return false;
}

/** An element holding nothing but one shop control's label. */
export function isShopControl(el: Element, measure: TextMeasure): boolean {
  for (const child of el.children) if (child.type === 'tag' && !INLINE_TAGS.has(child.name)) return false;
  if (INLINE_TAGS.has(el.name) && besideText(el)) return false;
  const text = measure.smallTextContent(el, MAX_SHOP_CONTROL_CHARS);
  return text !== null && text !== '' && SHOP_CONTROL.test(headingPhrase(text));
}
