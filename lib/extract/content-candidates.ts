import type { CheerioAPI } from 'cheerio/slim';
import { type Element, isElement, rawText } from '../html/dom.js';

/** extract_content's order (docs/reference/pages.md#extract_content); `body` is the fallback. */
export const CONTENT_SELECTORS = ['article', 'main', '.content', '#content'] as const;

export interface ContentElement {
  element: Element;
  /** Which selector matched: one of CONTENT_SELECTORS, or 'body'. */
  selector: (typeof CONTENT_SELECTORS)[number] | 'body';
}

/**
 * The first element, in selector order, that matches and holds any text (an empty <article> shell
 * left for client rendering is skipped). Falls back to <body>, or the document element of a
 * fragment without one.
 */
export function findContentElement($: CheerioAPI): ContentElement {
  for (const selector of CONTENT_SELECTORS) {
    const element = $(selector)
      .toArray()
      .find((el) => isElement(el) && rawText(el).trim() !== '');
    if (element) return { element, selector };
  }
  const body = $('body').first()[0] ?? $.root().children().first()[0];
  return { element: (body ?? $.root()[0]) as Element, selector: 'body' };
}
