import { type Element, isElement, walkElements } from '../../html/dom.js';

/**
 * schema.org types by which a page says it is one article, one product or one thread. Listings,
 * landing pages, home pages and stores' category pages declare none of them (at most a WebPage, an
 * Organization, a BreadcrumbList or an ItemList).
 */
const SINGLE_ITEM_TYPE =
  /"@type"\s*:\s*(?:\[[^\]]*)?"(?:Article|NewsArticle|BlogPosting|TechArticle|ScholarlyArticle|Report|Review|HowTo|Recipe|Product|ProductGroup|DiscussionForumPosting|QAPage|SocialMediaPosting)"/;
/** schema.org types a page uses to say it is a thread of posts (a forum topic, a question and its answers). */
const DISCUSSION_TYPE = /"@type"\s*:\s*(?:\[[^\]]*)?"(?:DiscussionForumPosting|QAPage)"/;
/** schema.org types by which a page says it sells one thing. */
const PRODUCT_TYPE = /"@type"\s*:\s*(?:\[[^\]]*)?"(?:Product|ProductGroup)"/;
/** Q&A engines print their declaration as microdata on the thread's wrapper, not in JSON-LD. */
const DISCUSSION_ITEMTYPE = /schema\.org\/(?:QAPage|DiscussionForumPosting)\b/i;

function scriptText(el: Element): string {
  let text = '';
  for (const child of el.children) if (child.type === 'text') text += child.data;
  return text;
}

function isJsonLd(el: Element): boolean {
  return el.name === 'script' && (el.attribs.type ?? '').trim().toLowerCase() === 'application/ld+json';
}

function declaresItemInScript(el: Element): boolean {
  return isJsonLd(el) && SINGLE_ITEM_TYPE.test(scriptText(el));
}

function headOf(body: Element): Element | null {
  const html = body.parent;
  if (!isElement(html)) return null;
  for (const child of html.children) if (isElement(child) && child.name === 'head') return child;
  return null;
}

/** The cheap half of the question, read from the children of <head> alone (og:type, JSON-LD). */
export function declaresSingleItemInHead(body: Element): boolean {
  const head = headOf(body);
  if (!head) return false;
  for (const el of head.children) {
    if (!isElement(el)) continue;
    if (el.name === 'meta' && el.attribs.property === 'og:type' && el.attribs.content?.trim() === 'article')
      return true;
    if (el.name === 'script' && declaresItemInScript(el)) return true;
  }
  return false;
}

/**
 * The page declares itself one article, one product or one thread (JSON-LD anywhere on the page,
 * og:type article, a Q&A page's microdata). A page that declares none of them is more often a
 * listing or a landing page than a story.
 */
export function declaresSingleItem(body: Element): boolean {
  if (declaresSingleItemInHead(body)) return true;
  let found = false;
  // Pages print JSON-LD after </body> or deep in a stray <head> too, and Q&A engines put their
  // itemtype on <html>.
  const html = isElement(body.parent) ? body.parent : body;
  walkElements(html, (el) => {
    if (found) return false;
    if (el.name === 'script') {
      found = declaresItemInScript(el);
      return false;
    }
    if (el.attribs.itemtype && DISCUSSION_ITEMTYPE.test(el.attribs.itemtype)) found = true;
    return !found;
  });
  return found;
}

/**
 * The page declares itself a discussion in JSON-LD, in <head> or as a direct child of <body> (where
 * forum engines print it): its replies are its content, however their boxes are named.
 */
export function declaresDiscussion(body: Element): boolean {
  const head = headOf(body);
  for (const place of head ? [body, head] : [body]) {
    for (const child of place.children) {
      if (isElement(child) && isJsonLd(child) && DISCUSSION_TYPE.test(scriptText(child))) return true;
    }
  }
  return false;
}

/** The page declares itself one product, in JSON-LD anywhere on the page. */
export function declaresProduct(body: Element): boolean {
  let found = false;
  const html = isElement(body.parent) ? body.parent : body;
  walkElements(html, (el) => {
    if (found) return false;
    if (el.name === 'script') {
      found = isJsonLd(el) && PRODUCT_TYPE.test(scriptText(el));
      return false;
    }
    return true;
  });
  return found;
}
