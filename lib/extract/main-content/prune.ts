import { type Element, isElement, textOf, walkElements } from '../dom.js';
import {
  BOILERPLATE_TEXT,
  FURNITURE_ROLES,
  isArticleBodyByName,
  isBoilerplateByName,
  isDecisiveBoilerplateName,
  isHiddenByName,
  isSmallPrintByName,
  SMALL_PRINT_MAX_CHARS,
} from './patterns.js';
import type { ContentStats } from './stats.js';

/** Never content, whatever their names say. */
const NON_CONTENT_TAGS = new Set([
  'head',
  'title',
  'meta',
  'link',
  'base',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'button',
  'input',
  'select',
  'textarea',
  'option',
  'datalist',
  'dialog',
  'map',
  'audio',
  'video',
  'source',
  'track',
  'nav',
]);

/** Furniture by tag, unless the element holds most of the page's text (some themes wrap everything). */
const FURNITURE_TAGS = new Set(['aside', 'footer', 'form', 'menu']);

export interface PruneOptions {
  /** Class/id/role heuristics; off in the recovery pass when they removed the article itself. */
  useNames: boolean;
}

function isHiddenElement(el: Element): boolean {
  const a = el.attribs;
  if (a.hidden !== undefined || a['aria-hidden'] === 'true') return true;
  const style = a.style;
  if (style && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)) return true;
  return false;
}

/** The article container itself must survive heuristics aimed at what surrounds it. */
function isProtected(el: Element): boolean {
  const name = el.name;
  if (name === 'body' || name === 'html' || name === 'main') return true;
  if (el.attribs.itemprop === 'articleBody' || el.attribs.name === 'articleBody') return true;
  return isArticleBodyByName(el);
}

/**
 * Decides which elements are page furniture and returns them as a set (subtrees implied). The tree
 * is not modified: links and metadata read the same parsed document afterwards.
 * `rawStats` are counts over the whole unpruned page, used to keep wrappers that hold most text.
 */
export function findBoilerplate(root: Element, rawStats: ContentStats, options: PruneOptions): Set<Element> {
  const removed = new Set<Element>();
  const pageText = Math.max(1, rawStats.get(root).text);
  const holdsMostText = (el: Element) => {
    const stats = rawStats.get(el);
    return stats.text > pageText * 0.5 && stats.link < stats.text * 0.5;
  };
  walkElements(root, (el) => {
    if (el === root) return true;
    if (el.type !== 'tag') {
      removed.add(el);
      return false;
    }
    const name = el.name;
    if (NON_CONTENT_TAGS.has(name)) {
      removed.add(el);
      return false;
    }
    if (el.attribs.type === 'hidden') {
      removed.add(el);
      return false;
    }
    if (isHiddenElement(el) && !holdsMostText(el)) {
      removed.add(el);
      return false;
    }
    if (isProtected(el)) return true;
    if (FURNITURE_TAGS.has(name) && !holdsMostText(el)) {
      removed.add(el);
      return false;
    }
    if (name === 'header' && !insideArticle(el) && !holdsMostText(el)) {
      removed.add(el);
      return false;
    }
    if (options.useNames && isFurnitureByName(el, rawStats, holdsMostText)) {
      removed.add(el);
      return false;
    }
    if (isBoilerplateLine(el, rawStats)) {
      removed.add(el);
      return false;
    }
    return true;
  });
  return removed;
}

function isFurnitureByName(el: Element, rawStats: ContentStats, holdsMostText: (el: Element) => boolean): boolean {
  const role = el.attribs.role;
  if (role && FURNITURE_ROLES.has(role.toLowerCase()) && !holdsMostText(el)) return true;
  if (el.name === 'article') return false;
  if (isDecisiveBoilerplateName(el)) return true;
  if (isSmallPrintByName(el) && rawStats.get(el).text <= SMALL_PRINT_MAX_CHARS) return true;
  if (isHiddenByName(el) && !holdsMostText(el)) return true;
  return isBoilerplateByName(el) && !holdsMostText(el);
}

function insideArticle(el: Element): boolean {
  for (let p = el.parent; isElement(p); p = p.parent) {
    if (p.name === 'article' || p.name === 'main' || p.attribs.itemprop === 'articleBody') return true;
  }
  return false;
}

const LINE_TAGS = new Set([
  'p',
  'div',
  'span',
  'section',
  'aside',
  'strong',
  'em',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

/** "Advertisement", "Read more", "Story continues below": short labels CMSs drop between paragraphs. */
function isBoilerplateLine(el: Element, rawStats: ContentStats): boolean {
  if (!LINE_TAGS.has(el.name)) return false;
  const stats = rawStats.get(el);
  if (stats.text === 0 || stats.text > 60 || stats.images > 0) return false;
  return BOILERPLATE_TEXT.test(textOf(el));
}
