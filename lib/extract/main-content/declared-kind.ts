import { type Element, isElement, walkElements } from '../../html/dom.js';

/**
 * schema.org types by which a page says it is one article, one product or one thread. Listings,
 * landing pages, home pages and stores' category pages declare none of them (at most a WebPage, an
 * Organization, a BreadcrumbList or an ItemList).
 */
const SINGLE_ITEM_TYPE =
  /"@type"\s*:\s*(?:\[[^\]]*)?"(?:Article|NewsArticle|BlogPosting|TechArticle|ScholarlyArticle|Report|Review|HowTo|Recipe|Product|ProductGroup|DiscussionForumPosting|QAPage|SocialMediaPosting)"/;
/** Q&A engines print their declaration as microdata on the thread's wrapper, not in JSON-LD. */
const DISCUSSION_ITEMTYPE = /schema\.org\/(?:QAPage|DiscussionForumPosting)\b/i;

function scriptText(el: Element): string {
  let text = '';
  for (const child of el.children) if (child.type === 'text') text += child.data;
  return text;
}

function declaresArticleInHead(body: Element): boolean {
  const html = body.parent;
  if (!isElement(html)) return false;
  for (const head of html.children) {
    if (!isElement(head) || head.name !== 'head') continue;
    for (const meta of head.children) {
      if (isElement(meta) && meta.name === 'meta' && meta.attribs.property === 'og:type')
        return (meta.attribs.content ?? '').trim().toLowerCase() === 'article';
    }
  }
  return false;
}

function declaresItemInScripts(root: Element): boolean {
  let found = false;
  walkElements(root, (el) => {
    if (found) return false;
    if (el.name === 'script') {
      found =
        (el.attribs.type ?? '').trim().toLowerCase() === 'application/ld+json' &&
        SINGLE_ITEM_TYPE.test(scriptText(el));
      return false;
    }
    if (el.attribs.itemtype && DISCUSSION_ITEMTYPE.test(el.attribs.itemtype)) found = true;
    return !found;
  });
  return found;
}

/**
 * The page declares itself one article, one product or one thread (JSON-LD anywhere on the page,
 * og:type article, a Q&A page's microdata). A page that declares none of them is more often a
 * listing or a landing page than a story.
 */
export function declaresSingleItem(body: Element): boolean {
  if (declaresArticleInHead(body)) return true;
  const html = body.parent;
  return declaresItemInScripts(isElement(html) ? html : body);
}
