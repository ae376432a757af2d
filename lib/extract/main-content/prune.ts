import { type Element, findFirst, isElement, walkElements } from '../../html/dom.js';
import { hiddenByAttribute, hiddenByStyle } from '../../html/hidden.js';
import { wrapsHiddenFormula } from '../html/math.js';
import { AUTHOR_BOX_MAX_CHARS, isAuthorBoxByName } from './author-boxes.js';
import { isSlideBesideShownSlide } from './carousel-slides.js';
import { findDisclosures } from './disclosures.js';
import { isCreditLine, isFurnitureLine, MAX_FURNITURE_LINE_CHARS } from './label-words.js';
import {
  classTokens,
  FURNITURE_ROLES,
  isArticleBodyByName,
  isBoilerplateByName,
  isConsentByName,
  isDecisiveBoilerplateName,
  isHiddenByName,
  isSmallPrintByName,
  SMALL_PRINT_MAX_CHARS,
} from './patterns.js';
import { isPlaceholderBlock } from './placeholder-text.js';
import { isShopControl } from './shop-labels.js';
import { collapsedLength, INLINE_TAGS } from './stats.js';
import { isPaneBesideShownTwin } from './tab-panes.js';
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

/**
 * ARIA roles of application widgets (a language picker's hundreds of radio items, a combobox's
 * options): controls, never content, whatever the pass thinks of class names.
 */
const WIDGET_ROLES = new Set([
  'menu',
  'menubar',
  'menuitem',
  'menuitemradio',
  'menuitemcheckbox',
  'listbox',
  'option',
]);

/** Furniture by tag, unless the element holds most of the page's text (some themes wrap everything). */
const FURNITURE_TAGS = new Set(['aside', 'footer', 'form', 'menu']);

export interface PruneOptions {
  /** Class/id/role heuristics; off in the recovery pass when they removed the article itself. */
  useNames: boolean;
  /** The page's content is inside <noscript> (see noscriptHoldsPage): read it like any block. */
  readNoscript?: boolean;
  /** Elements hidden by style or attribute are read too (see extractMainContent's last resort). */
  readHidden?: boolean;
  /** The page declares itself a discussion: boxes named after comments and replies are its posts. */
  repliesAreContent?: boolean;
}

function isHiddenElement(el: Element): boolean {
  const a = el.attribs;
  // A tab panel out of view is one of the page's alternatives (a code sample in another language,
  // the specifications beside the description): content a click away, not furniture.
  if (a.role === 'tabpanel') return false;
  if (hiddenByStyle(a.style) && wrapsHiddenFormula(el)) return false;
  return hiddenByAttribute(a) || a['aria-hidden'] === 'true' || hiddenByStyle(a.style);
}

/** Below this much text a <noscript> is a notice ("enable JavaScript"), not a page. */
const MIN_NOSCRIPT_PAGE_CHARS = 500;

/**
 * Forum engines (Discourse among them) serve the whole thread to readers without JavaScript inside
 * <noscript>, and outside it only a splash screen the app replaces. When the <noscript> blocks hold
 * more text than everything else on the page, they are the page a reader without scripts sees.
 */
export function noscriptHoldsPage(root: Element, measure: TextMeasure): boolean {
  let inside = 0;
  walkElements(root, (el) => {
    if (el.type !== 'tag') return false;
    if (el.name !== 'noscript') return true;
    inside += measure.size(el).text;
    return false;
  });
  return inside >= MIN_NOSCRIPT_PAGE_CHARS && inside > measure.size(root).text - inside;
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
  const holdsNearlyAll = (el: Element) => measure.size(el).text > measure.size(root).text * 0.9;
  const wrapsArticle = articleAncestors(root);
  const signUpBoxes = findSignUpBoxes(root, measure);
  const disclosures = findDisclosures(root, measure);
  // A theme may wrap the whole page in an <aside> or a <footer>; on a page that marks its article or
  // main elsewhere, that tag is the page's footer however long its legal small print runs.
  const wrapsPage = (el: Element) =>
    holdsMostText(el) && (wrapsArticle.any.size === 0 || wrapsArticle.any.has(el));
  walkElements(root, (el) => {
    if (el === root) return true;
    if (el.type !== 'tag') {
      removed.add(el);
      return false;
    }
    const name = el.name;
    if (
      NON_CONTENT_TAGS.has(name) &&
      !(name === 'noscript' && options.readNoscript) &&
      !disclosures.triggers.has(el)
    ) {
      removed.add(el);
      return false;
    }
    if (el.attribs.type === 'hidden') {
      removed.add(el);
      return false;
    }
    if (
      !options.readHidden &&
      isHiddenElement(el) &&
      !holdsMostText(el) &&
      !disclosures.panels.has(el) &&
      !isSlideBesideShownSlide(el)
    ) {
      removed.add(el);
      return false;
    }
    // Before the names: filler sits in blocks named like the body text they stand in for.
    if (isPlaceholderBlock(el)) {
      removed.add(el);
      return false;
    }
    const tokens = classTokens(el);
    if (isProtected(el, tokens)) return true;
    const role = el.attribs.role;
    // A wrapper named after a state of the page ("has-cookie-banner") holds the page, not a notice.
    // An ARIA alert is a message about the visit (cookies, an error, a sale ending), in either pass.
    const notice = isConsentByName(tokens) || role === 'dialog' || role === 'alertdialog' || role === 'alert';
    if (notice && !wrapsArticle.any.has(el) && !holdsNearlyAll(el)) {
      removed.add(el);
      return false;
    }
    if (role && WIDGET_ROLES.has(role) && !holdsMostText(el)) {
      removed.add(el);
      return false;
    }
    // Judged like a furniture name, in the first pass only: the name-free pass stays the plain
    // measure of the page's prose that the first result is compared with.
    if (options.useNames && signUpBoxes.has(el) && !wrapsArticle.any.has(el)) {
      removed.add(el);
      return false;
    }
    // A theme that puts the declared article body inside an <aside> still means it as the article.
    if (
      FURNITURE_TAGS.has(name) &&
      !wrapsPage(el) &&
      !wrapsArticle.declared.has(el) &&
      !(name === 'form' && (isProseForm(el, measure) || !hasFillableControl(el)))
    ) {
      removed.add(el);
      return false;
    }
    if (name === 'header' && !insideArticle(el) && !holdsMostText(el) && !wrapsArticle.declared.has(el)) {
      removed.add(el);
      return false;
    }
    // A wrapper of the <article> ("content-area comments-open") is named after what it also holds.
    const byName = options.useNames && tokens.length > 0 && !wrapsArticle.any.has(el);
    if (
      byName &&
      isFurnitureByName(el, tokens, measure, holdsMostText, disclosures.holders, options.repliesAreContent)
    ) {
      removed.add(el);
      return false;
    }
    if (isBoilerplateLine(el, measure) || isShopControl(el, measure)) {
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

/**
 * Ancestors of the page's <article>, <main> (or `role="main"`) or declared article body (`any`), and of the declared
 * article bodies alone (`declared`), found in one walk.
 */
function articleAncestors(root: Element): { any: Set<Element>; declared: Set<Element> } {
  const any = new Set<Element>();
  const declared = new Set<Element>();
  walkElements(root, (el) => {
    const a = el.attribs;
    const isDeclared = a.itemprop === 'articleBody' || a.name === 'articleBody';
    if (el.name !== 'article' && el.name !== 'main' && a.role !== 'main' && !isDeclared) return true;
    for (let p = el.parent; isElement(p) && !any.has(p); p = p.parent) any.add(p);
    if (isDeclared) for (let p = el.parent; isElement(p) && !declared.has(p); p = p.parent) declared.add(p);
    return true;
  });
  return { any, declared };
}

function isFurnitureByName(
  el: Element,
  tokens: readonly string[],
  measure: TextMeasure,
  holdsMostText: (el: Element) => boolean,
  panelHolders: ReadonlySet<Element>,
  repliesAreContent = false,
): boolean {
  const role = el.attribs.role?.toLowerCase();
  // Accordion markup (Bootstrap's among it) calls the whole widget, panels included, a tablist.
  const holdsPanels = role === 'tablist' && panelHolders.has(el);
  if (role && FURNITURE_ROLES.has(role) && !holdsMostText(el) && !holdsPanels) return true;
  if (el.name === 'article') return false;
  if (isDecisiveBoilerplateName(tokens, repliesAreContent)) return true;
  if (isSmallPrintByName(tokens) && measure.smallText(el, SMALL_PRINT_MAX_CHARS) !== null) return true;
  // A thread's poster cards are named after authors too, and its posts are the content.
  if (!repliesAreContent && isAuthorBoxByName(tokens) && measure.size(el).text <= AUTHOR_BOX_MAX_CHARS)
    return true;
  if (
    isHiddenByName(tokens) &&
    (INLINE_TAGS.has(el.name) || !holdsMostText(el)) &&
    !isPaneBesideShownTwin(el)
  )
    return true;
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
  'b',
  'font',
  'em',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'figcaption',
  'small',
  'cite',
]);

/**
 * "Advertisement", "Read more", "Foto: dpa", "5 min read": short labels CMSs drop between paragraphs.
 * Credits and advertising labels run longer than the others ("ANZEIGE - Heute mal ausgehen?").
 */
function isBoilerplateLine(el: Element, measure: TextMeasure): boolean {
  if (!LINE_TAGS.has(el.name)) return false;
  // Inline words inside a sentence are never a line of their own; most inline elements are that.
  // A caption's credit is the exception: "The bridge at dawn. <span>Photo: Jane Doe</span>".
  if (INLINE_TAGS.has(el.name) && isInSentence(el)) {
    if (!isElement(el.parent) || el.parent.name !== 'figcaption') return false;
    const text = measure.smallTextContent(el, MAX_FURNITURE_LINE_CHARS);
    return text !== null && isCreditLine(text);
  }
  // A label is a leaf block; a container is judged through its children, which the walk reaches next.
  for (const child of el.children) if (child.type === 'tag' && !INLINE_TAGS.has(child.name)) return false;
  const text = measure.smallTextContent(el, MAX_FURNITURE_LINE_CHARS);
  return text !== null && text !== '' && isFurnitureLine(text);
}

/**
 * Shop and CMS plugins wrap a product or post in a <form>. A form for search, login, comments or
 * contact is short once its controls and their labels (consent texts run long) are left out.
 */
const MIN_PROSE_FORM_CHARS = 600;
const FORM_CONTROL_TAGS = new Set(['label', 'button', 'select', 'option', 'textarea', 'fieldset', 'legend']);

/**
 * A box to write in (a reply, a comment) or an address or password to give: the form is for the
 * reader's own text, however long its instructions and its terms run.
 */
function isTextEntry(el: Element): boolean {
  if (el.name === 'textarea') return true;
  return el.name === 'input' && /^(?:email|password)$/i.test(el.attribs.type ?? '');
}

/** A sign-up box is its form, a pitch and a consent line: longer, it is a section with a form in it. */
const MAX_SIGN_UP_BOX_CHARS = 600;
const BOX_STOP_TAGS = new Set(['body', 'main', 'article']);

/** The form asks for an email address or a phone number: a newsletter or SMS sign-up. */
function asksForAddress(form: Element): boolean {
  let found = false;
  walkElements(form, (node) => {
    if (found || node.type !== 'tag') return false;
    if (node.name === 'input' && /^(?:email|tel)$/i.test(node.attribs.type ?? '')) found = true;
    return !found;
  });
  return found;
}

/**
 * A newsletter or SMS sign-up dropped between an article's paragraphs carries its pitch ("Be the
 * first to know!") and its consent terms around the form, in wrappers with no telling name. The
 * largest ancestor of such a form still under MAX_SIGN_UP_BOX_CHARS is the box.
 */
function findSignUpBoxes(root: Element, measure: TextMeasure): Set<Element> {
  const boxes = new Set<Element>();
  walkElements(root, (el) => {
    if (el.type !== 'tag') return false;
    if (el.name !== 'form') return true;
    if (!asksForAddress(el)) return false;
    let box: Element | null = null;
    for (let p = el.parent; isElement(p) && !BOX_STOP_TAGS.has(p.name); p = p.parent) {
      if (measure.size(p).text > MAX_SIGN_UP_BOX_CHARS) break;
      box = p;
    }
    // The box that holds the page's headline is the page's opening (a landing page's hero pitches
    // its sign-up beside the headline), not a box dropped into it.
    if (box && !findFirst(box, (node) => node.name === 'h1')) boxes.add(box);
    return false;
  });
  return boxes;
}

/**
 * A form with nothing for the reader to fill (hidden inputs and buttons only) is a wrapper a CMS put
 * around its posts for moderation or voting, not a form.
 */
function hasFillableControl(el: Element): boolean {
  let found = false;
  walkElements(el, (node) => {
    if (found || node.type !== 'tag') return false;
    if (node.name === 'textarea' || node.name === 'select') found = true;
    else if (node.name === 'input' && (node.attribs.type ?? 'text').toLowerCase() !== 'hidden') found = true;
    return !found;
  });
  return found;
}

function isProseForm(el: Element, measure: TextMeasure): boolean {
  const size = measure.size(el);
  if (size.text < MIN_PROSE_FORM_CHARS || size.link >= size.text * 0.2) return false;
  let prose = 0;
  let asksForText = false;
  walkElements(el, (node) => {
    if (isTextEntry(node)) asksForText = true;
    if (node.type !== 'tag' || FORM_CONTROL_TAGS.has(node.name)) return false;
    for (const child of node.children) if (child.type === 'text') prose += collapsedLength(child.data);
    return true;
  });
  return !asksForText && prose >= MIN_PROSE_FORM_CHARS;
}

const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt', 'var', 'pre']);

/**
 * An inline element inside a sentence: text (not whitespace) right before or after it, or after any
 * inline ancestor it fills (`ran <code><span>print</span></code> twice`). Code is always a sentence's
 * part: a `print` in a code span is never a "Print" button.
 */
export function isInSentence(el: Element): boolean {
  for (let node: Element = el; INLINE_TAGS.has(node.name); node = node.parent as Element) {
    if (CODE_TAGS.has(node.name)) return true;
    for (const sibling of [node.prev, node.next])
      if (sibling?.type === 'text' && sibling.data.trim() !== '') return true;
    if (!isElement(node.parent)) return false;
  }
  return false;
}
