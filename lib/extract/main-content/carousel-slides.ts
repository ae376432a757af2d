import { type Element, isElement, textOf } from '../../html/dom.js';
import { hiddenByAttribute, hiddenByStyle } from '../../html/hidden.js';
import { classTokens } from './patterns.js';
import { INLINE_TAGS } from './stats.js';

/** Carousels copy slides at both ends to loop (slick-cloned, swiper-slide-duplicate, owl cloned). */
const COPY_WORDS = new Set(['clone', 'cloned', 'duplicate']);

function firstClass(el: Element): string | undefined {
  return (el.attribs.class ?? '').split(/\s+/).find(Boolean);
}

function hiddenFromReaders(el: Element): boolean {
  return el.attribs['aria-hidden'] === 'true';
}

/**
 * A carousel marks every slide but the current one `aria-hidden`, though each is on screen a swipe
 * later (testimonials, feature cards): a slide hidden that way beside a shown slide of the same
 * class is content. Not its loop copies, nor a copy of a shown sibling (a marquee printed twice so
 * that it scrolls without a seam), which say again what the reader already has.
 */
export function isSlideBesideShownSlide(el: Element): boolean {
  // A slide is a block; an inline copy hidden from readers is a visual twin of a label they hear
  // (a price drawn for the eye beside the one read aloud).
  if (!hiddenFromReaders(el) || INLINE_TAGS.has(el.name)) return false;
  if (hiddenByAttribute(el.attribs) || hiddenByStyle(el.attribs.style)) return false;
  const name = firstClass(el);
  const parent = el.parent;
  if (!name || !isElement(parent)) return false;
  if (classTokens(el).some((token) => COPY_WORDS.has(token))) return false;
  const shown: Element[] = [];
  for (const sibling of parent.children)
    if (isElement(sibling) && sibling !== el && sibling.name === el.name && firstClass(sibling) === name)
      if (!hiddenFromReaders(sibling)) shown.push(sibling);
  if (shown.length === 0) return false;
  const text = textOf(el).replace(/\s+/g, ' ').trim();
  return text !== '' && shown.every((sibling) => textOf(sibling).replace(/\s+/g, ' ').trim() !== text);
}
