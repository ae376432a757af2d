import { type Element, isElement } from '../../html/dom.js';

/** schema.org types a page uses to say it is a thread of posts (a forum topic, a question and its answers). */
const DISCUSSION_TYPE = /"@type"\s*:\s*(?:\[[^\]]*)?"(?:DiscussionForumPosting|QAPage)"/;

function isJsonLd(el: Element): boolean {
  return el.name === 'script' && (el.attribs.type ?? '').toLowerCase() === 'application/ld+json';
}

function scriptText(el: Element): string {
  let text = '';
  for (const child of el.children) if (child.type === 'text') text += child.data;
  return text;
}

/**
 * The page declares itself a discussion in JSON-LD, in <head> or as a direct child of <body> (where
 * forum engines print it): its replies are its content, however their boxes are named.
 */
export function declaresDiscussion(body: Element): boolean {
  const places: Element[] = [body];
  const html = body.parent;
  if (isElement(html))
    for (const child of html.children) if (isElement(child) && child.name === 'head') places.push(child);
  for (const place of places) {
    for (const child of place.children) {
      if (isElement(child) && isJsonLd(child) && DISCUSSION_TYPE.test(scriptText(child))) return true;
    }
  }
  return false;
}
