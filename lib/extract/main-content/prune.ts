import { type Element, isElement, textOf, walkElements } from '../dom.js';
import {
  BOILERPLATE_TEXT,
  classTokens,
  FURNITURE_ROLES,
  isArticleBodyByName,
  isBoilerplateByName,
  isDecisiveBoilerplateName,
  isHiddenByName,
  isSmallPrintByName,
  SMALL_PRINT_MAX_CHARS,
} from './patterns.js';
import { INLINE_TAGS } from './stats.js';
import type { TextMeasure } from './text-measure.js';

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
function isProtected(el: Element, tokens: readonly string[]): boolean {
  const name = el.name;
  if (name === 'body' || name === 'html' || name === 'main') return true;
  if (el.attribs.itemprop === 'articleBody' || el.attribs.name === 'articleBody') return true;
  return isArticleBodyByName(tokens);
}

/**
 * Decides which elements are page furniture and returns them as a set (subtrees implied). The tree
 * is not modified: links and metadata read the same parsed document afterwards.
 * `measure` sizes text on the unpruned page, to keep wrappers that hold most of it.
 */
export function findBoilerplate(root: Element, measure: TextMeasure, options: PruneOptions): Set<Element> {
  const removed = new Set<Element>();
  const holdsMostText = (el: Element) => {
    const size = measure.size(el);
    // The page total is measured on first need: most pages never ask.
    return size.text > Math.max(1, measure.size(root).text) * 0.5 && size.link < size.text * 0.5;
  };
  const wrapsArticle = articleAncestors(root);
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
    const tokens = classTokens(el);
    if (isProtected(el, tokens)) return true;
    if (FURNITURE_TAGS.has(name) && !holdsMostText(el)) {
      removed.add(el);
      return false;
    }
    if (name === 'header' && !insideArticle(el) && !holdsMostText(el)) {
      removed.add(el);
      return false;
    }
    // A wrapper of the <article> ("content-area comments-open") is named after what it also holds.
    const byName = options.useNames && tokens.length > 0 && !wrapsArticle.has(el);
    if (byName && isFurnitureByName(el, tokens, measure, holdsMostText)) {
      removed.add(el);
      return false;
    }
    if (isBoilerplateLine(el, measure)) {
      removed.add(el);
      return false;
    }
    return true;
  });
  return removed;
}

/** Prose this long on both sides means the element sits in the article's flow. */
const FLOW_PROSE_CHARS = 80;

function neighbourElement(el: Element, direction: 'prev' | 'next'): Element | null {
  for (let node = el[direction]; node; node = node[direction]) {
    if (isElement(node) && node.type === 'tag') return node;
  }
  return null;
}

/**
 * A box named like furniture ("sidebar", "widget") between two paragraphs of prose is an aside of
 * the article (DocBook tips, fact boxes), not page furniture, which sits beside the article rather
 * than inside its flow. Only the weak names get this reprieve; ads and share bars never do.
 */
function betweenProse(el: Element, measure: TextMeasure): boolean {
  const isProse = (node: Element | null) => {
    if (!node) return false;
    const size = measure.size(node);
    return size.text >= FLOW_PROSE_CHARS && size.link < size.text * 0.3;
  };
  return isProse(neighbourElement(el, 'prev')) && isProse(neighbourElement(el, 'next'));
}

/** Ancestors of the page's <article>, <main> or declared article body, found in one walk. */
function articleAncestors(root: Element): Set<Element> {
  const ancestors = new Set<Element>();
  walkElements(root, (el) => {
    const a = el.attribs;
    if (
      el.name !== 'article' &&
      el.name !== 'main' &&
      a.itemprop !== 'articleBody' &&
      a.name !== 'articleBody'
    ) {
      return true;
    }
    for (let p = el.parent; isElement(p) && !ancestors.has(p); p = p.parent) ancestors.add(p);
    return true;
  });
  return ancestors;
}

function isFurnitureByName(
  el: Element,
  tokens: readonly string[],
  measure: TextMeasure,
  holdsMostText: (el: Element) => boolean,
): boolean {
  const role = el.attribs.role;
  if (role && FURNITURE_ROLES.has(role.toLowerCase()) && !holdsMostText(el)) return true;
  if (el.name === 'article') return false;
  if (isDecisiveBoilerplateName(tokens)) return true;
  if (isSmallPrintByName(tokens) && measure.smallText(el, SMALL_PRINT_MAX_CHARS) !== null) return true;
  if (isHiddenByName(tokens) && (INLINE_TAGS.has(el.name) || !holdsMostText(el))) return true;
  // Inline elements (most of a page's elements) are too small to be furniture by any other name.
  if (INLINE_TAGS.has(el.name)) return false;
  if (betweenProse(el, measure)) return false;
  return isBoilerplateByName(tokens) && !holdsMostText(el);
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
function isBoilerplateLine(el: Element, measure: TextMeasure): boolean {
  if (!LINE_TAGS.has(el.name)) return false;
  const length = measure.smallText(el, 60);
  return length !== null && length > 0 && BOILERPLATE_TEXT.test(textOf(el));
}
