import type { Document } from 'domhandler';
import { type AnyNode, type Element, isElement, walkElements } from '../../html/dom.js';
import { elementsNamed } from '../../html/elements-by-name.js';

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

/**
 * Every JSON-LD script of the page, wherever it was printed (after </body>, in a stray nested
 * <head>): from the parser's index of scripts when our parser made the tree, else by a walk.
 */
function jsonLdScripts(body: Element): Element[] {
  let root: AnyNode = body;
  while (root.parent) root = root.parent;
  const indexed = root.type === 'root' ? elementsNamed(root as Document, 'script') : undefined;
  if (indexed) return indexed.filter(isJsonLd);
  const scripts: Element[] = [];
  walkElements(root, (el) => {
    if (el.name !== 'script') return true;
    if (isJsonLd(el)) scripts.push(el);
    return false;
  });
  return scripts;
}

function declaresInJsonLd(body: Element, type: RegExp): boolean {
  return jsonLdScripts(body).some((script) => type.test(scriptText(script)));
}

function headOf(body: Element): Element | null {
  const html = body.parent;
  if (!isElement(html)) return null;
  for (const child of html.children) if (isElement(child) && child.name === 'head') return child;
  return null;
}

function isOgTypeArticle(el: Element): boolean {
  return el.name === 'meta' && el.attribs.property === 'og:type' && el.attribs.content?.trim() === 'article';
}

/** The cheap half of the question, read from the children of <head> alone (og:type, JSON-LD). */
export function declaresSingleItemInHead(body: Element): boolean {
  const head = headOf(body);
  if (!head) return false;
  for (const el of head.children) {
    if (isElement(el) && (isOgTypeArticle(el) || (el.name === 'script' && declaresItemInScript(el))))
      return true;
  }
  return false;
}

/**
 * The page declares itself one article, one product or one thread (JSON-LD anywhere on the page,
 * og:type article, a Q&A page's microdata). A page that declares none of them is more often a
 * listing or a landing page than a story.
 */
export function declaresSingleItem(body: Element): boolean {
  if (declaresSingleItemInHead(body) || declaresInJsonLd(body, SINGLE_ITEM_TYPE)) return true;
  // Q&A engines put their itemtype on <html> or the thread's wrapper.
  let found = false;
  walkElements(isElement(body.parent) ? body.parent : body, (el) => {
    if (found) return false;
    if (el.attribs.itemtype && DISCUSSION_ITEMTYPE.test(el.attribs.itemtype)) found = true;
    return !found && el.name !== 'script';
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

/**
 * A thread's declaration sits on one of the page's outer wrappers, never deep in its content: the
 * search stops at this depth below <html>, and costs a few dozen elements instead of the page.
 */
const MAX_DECLARATION_DEPTH = 10;

/**
 * The thread's own wrapper says it is a discussion in microdata (`itemtype` DiscussionForumPosting
 * or QAPage): Discourse's page for readers without scripts (inside <noscript>, four levels down), XenForo themes (eight),
 * Stack Exchange's sites on <html>.
 */
export function declaresDiscussionInMicrodata(body: Element): boolean {
  const declares = (el: Element, depth: number): boolean => {
    if (el.attribs.itemtype && DISCUSSION_ITEMTYPE.test(el.attribs.itemtype)) return true;
    if (depth === MAX_DECLARATION_DEPTH) return false;
    for (const child of el.children)
      if (isElement(child) && child.type === 'tag' && declares(child, depth + 1)) return true;
    return false;
  };
  return declares(isElement(body.parent) ? body.parent : body, 0);
}

/** The page declares itself one product, in JSON-LD anywhere on the page. */
export function declaresProduct(body: Element): boolean {
  return declaresInJsonLd(body, PRODUCT_TYPE);
}

/** schema.org types of a story: news, a blog post, a report (not documentation, a recipe or a review). */
const STORY_TYPE =
  /"@type"\s*:\s*(?:\[[^\]]*)?"(?:Article|NewsArticle|BlogPosting|Report|ReportageNewsArticle|AnalysisNewsArticle|OpinionNewsArticle|LiveBlogPosting)"/;

/** The page declares itself a story: og:type article, or a story's type in JSON-LD anywhere on the page. */
export function declaresStory(body: Element): boolean {
  const head = headOf(body);
  if (head?.children.some((el) => isElement(el) && isOgTypeArticle(el))) return true;
  return declaresInJsonLd(body, STORY_TYPE);
}
