import { CollapsedLines, collapsedLength, isJsWhitespace } from '../html/collapsed-text.js';
import { type AnyNode, BLOCK_TAGS, type Element, isElement, type ParentNode } from '../html/dom.js';
import { hiddenByAttribute, hiddenByStyle } from '../html/hidden.js';
import { parseHtml } from '../html/parse.js';

/**
 * What a reader that runs no JavaScript sees of an HTML page, and whether that page is a
 * client-rendered shell (docs/reference/pages.md#extract_text): under 200 visible characters plus an empty app root or an
 * "enable JavaScript" notice. Such a page is a success with `rendered: false`, not a bot wall.
 */

export const CLIENT_RENDERED_MAX_CHARS = 200;

/** Facts read from one parse of a page; the bot-wall signatures match against the same facts. */
export interface DocumentFacts {
  /**
   * Text outside <head>, scripts, styles, <template> and hidden elements; one line per block. The
   * <noscript> text is in it only when it is the page (see NOSCRIPT_PAGE_CHARS).
   */
  visibleText: string;
  /**
   * The visible text without what the page quotes (code, pre, samp, kbd, blockquote, q): the wall
   * check reads a vendor's wording here, so an article showing a block page's text in a code
   * block does not read as that block page.
   */
  ownText: string;
  title: string;
  /** Text inside <noscript>: where apps put their "enable JavaScript" notice, and forums their thread. */
  noscriptText: string;
  /** Characters inside hidden elements (display:none, visibility:hidden, `hidden`, aria-hidden). */
  hiddenChars: number;
  /** The page's own description (meta description, og:description or twitter:description). */
  description: string;
  /** Scripts the page loads (src) and the total of its inline ones: an application's weight. */
  scriptSources: number;
  /** A framework mount point (#root, #app, #__next, #__nuxt, [data-reactroot], <app-root>) holding no text. */
  hasEmptyRootContainer: boolean;
  /** Inline scripts that run (data blocks such as `application/json` left out): a challenge's code. */
  inlineScripts: string[];
  /** Their total length: a challenge page ships a few KB of script, an app its whole bundle. */
  inlineScriptChars: number;
  /** src of scripts, iframes and images, action of forms, href of <link>: what the page loads or posts to. */
  resourceUrls: string[];
  elementIds: string[];
  comments: string[];
  /**
   * Fields a reader types into (text-like inputs, textareas, selects): a captcha or a cookie script
   * on a page with these guards a form (contact, sign-in); a challenge asks for nothing.
   */
  fillableFields: number;
}

/** Where a page shows text it quotes rather than says. */
const QUOTING_TAGS = new Set(['code', 'pre', 'samp', 'kbd', 'blockquote', 'q']);
const ROOT_IDS = new Set(['root', 'app', '__next', '__nuxt']);
// Text nobody reads on screen; <noscript> is left out because a browser with JavaScript hides it.
const UNSEEN_TAGS = new Set(['head', 'title', 'script', 'style', 'noscript', 'template', 'svg']);
const URL_ATTRIBUTES: Record<string, string> = {
  script: 'src',
  iframe: 'src',
  img: 'src',
  form: 'action',
  link: 'href',
};
const ENABLE_JAVASCRIPT =
  /\b(?:enable|turn on|activate|allow)\s+(?:your\s+)?javascript\b|\b(?:requires?|needs?)\s+javascript\b|\bjavascript\s+(?:is\s+)?(?:required|disabled|not\s+(?:enabled|available))\b/i;

/**
 * Hidden prose of this size on a page that shows next to nothing is the page itself, served before
 * the script that reveals it: React's streamed HTML parks each finished part in a
 * `<div hidden id="S:0">` until its inline script moves it into place, and anti-flicker snippets
 * hide the whole body for a moment. A challenge hides arithmetic, not prose, and stays short.
 */
const HIDDEN_PAGE_CHARS = 500;

/** Text that reads as words: a challenge's hidden `+((!+[]+!![])…` is mostly symbols. */
function isProse(text: string): boolean {
  const letters = text.match(/[\p{L}\s]/gu)?.length ?? 0;
  return letters >= 0.7 * text.length;
}

/**
 * A <noscript> holding this much text is not an "enable JavaScript" notice but the page itself, as
 * served to readers without scripts (Discourse puts every post of a thread there, a splash outside).
 */
const NOSCRIPT_PAGE_CHARS = 500;

const DESCRIPTION_NAMES = new Set(['description', 'og:description', 'twitter:description']);

export function readDocument(html: string): DocumentFacts {
  return readParsedDocument(parseHtml(html).root()[0] as unknown as ParentNode);
}

/** `readDocument` of a page already parsed (the gate parses once, measures, then reads). */
export function readParsedDocument(root: ParentNode): DocumentFacts {
  const seen = visibleText(root);
  const facts: DocumentFacts = {
    visibleText: seen.text,
    ownText: seen.ownText,
    title: '',
    noscriptText: '',
    hiddenChars: seen.hiddenChars,
    description: '',
    scriptSources: 0,
    hasEmptyRootContainer: false,
    inlineScripts: [],
    inlineScriptChars: 0,
    resourceUrls: [],
    elementIds: [],
    comments: [],
    fillableFields: 0,
  };
  const noscripts: string[] = [];
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'comment') {
      facts.comments.push(node.data);
      continue;
    }
    if (!isElement(node)) continue;
    const { name, attribs } = node;
    if (attribs.id) facts.elementIds.push(attribs.id);
    const urlAttribute = URL_ATTRIBUTES[name];
    if (urlAttribute && attribs[urlAttribute]) facts.resourceUrls.push(attribs[urlAttribute]);
    if (name === 'script' && attribs.src && isExecutable(attribs.type)) facts.scriptSources++;
    if (isFillable(name, attribs.type)) facts.fillableFields++;
    if (name === 'meta' && facts.description === '') {
      const key = (attribs.name ?? attribs.property ?? '').toLowerCase();
      if (DESCRIPTION_NAMES.has(key)) facts.description = collapse(attribs.content ?? '');
    }
    if (name === 'script' && !attribs.src && isExecutable(attribs.type)) {
      const code = rawTextOf(node);
      facts.inlineScripts.push(code);
      facts.inlineScriptChars += code.length;
    }
    if (name === 'title' && facts.title === '') facts.title = collapse(rawTextOf(node));
    if (name === 'noscript') noscripts.push(visibleText(node).text);
    if (isRootContainer(node) && !hasVisibleText(node)) facts.hasEmptyRootContainer = true;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  facts.noscriptText = noscripts.join('\n');
  const noscriptLength = visibleLength(facts.noscriptText);
  if (noscriptLength >= NOSCRIPT_PAGE_CHARS && noscriptLength > visibleLength(facts.visibleText)) {
    facts.visibleText = [facts.visibleText, facts.noscriptText].filter(Boolean).join('\n');
  }
  const hiddenProse = seen.hiddenText.filter(isProse).join('\n');
  if (
    visibleLength(facts.visibleText) < CLIENT_RENDERED_MAX_CHARS &&
    visibleLength(hiddenProse) >= HIDDEN_PAGE_CHARS
  ) {
    facts.visibleText = [facts.visibleText, hiddenProse].filter(Boolean).join('\n');
  }
  return facts;
}

/** The docs/reference/pages.md#extract_text test on an already-read page. */
export function isClientRenderedShell(facts: DocumentFacts): boolean {
  return isClientRendered(facts, facts.visibleText);
}

/**
 * The docs/reference/pages.md#extract_text test on supplied HTML. A page with 200 visible characters is no shell, and nearly every
 * page shows that many within its first few elements, so the full reading (every script, id and
 * URL of the page) is done only for the few that do not.
 */
export function isClientRenderedHtml(html: string): boolean {
  const root = parseHtml(html).root()[0] as unknown as ParentNode;
  if (visibleLengthReaches(root, CLIENT_RENDERED_MAX_CHARS)) return false;
  return isClientRenderedShell(readParsedDocument(root));
}

/**
 * Whether `visibleLength(visibleText(start).text)` reaches `count`, stopping there: the same walk
 * and the same collapsing (each run of non-space characters, and one separator between two runs
 * that white space or a line break parts), counted instead of written. A long page is told from a
 * thin one after its first few elements rather than after a copy of all its text.
 */
export function visibleLengthReaches(start: ParentNode, count: number): boolean {
  let length = 0;
  let separated = false;
  const stack: Array<AnyNode | typeof LINE_BREAK> = [...start.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === LINE_BREAK) {
      separated = true;
      continue;
    }
    if (node.type === 'text') {
      const text = node.data;
      for (let i = 0; i < text.length; i++) {
        if (isJsWhitespace(text.charCodeAt(i))) {
          separated = true;
          continue;
        }
        if (separated && length > 0) length++;
        separated = false;
        if (++length >= count) return true;
      }
      continue;
    }
    if (!isElement(node) || UNSEEN_TAGS.has(node.name) || isHidden(node)) continue;
    if (node.name === 'br') {
      separated = true;
      continue;
    }
    const block = BLOCK_TAGS.has(node.name);
    if (block) {
      stack.push(LINE_BREAK);
      separated = true;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return false;
}

const LINE_BREAK = '\n';

/**
 * `visibleText` is the caller's own reading of the page (its length is what the 200-character
 * rule measures); the root container and the <noscript> notice are looked up in `html`.
 */
export function detectClientRendered(html: string, visibleText: string): boolean {
  if (visibleLength(visibleText) >= CLIENT_RENDERED_MAX_CHARS) return false;
  return isClientRendered(readDocument(html), visibleText);
}

/** Characters a reader sees once runs of whitespace count as one space. */
export function visibleLength(text: string): number {
  if (text !== lastMeasured.text) lastMeasured = { text, length: collapsedLength(text) };
  return lastMeasured.length;
}

/**
 * The gate measures the same visible text up to five times for one page (thin? empty? a
 * placeholder? a shell?); on a 4 MB page each measure walks megabytes. Remembering the last one
 * makes that one walk; the same string object compares in constant time.
 */
let lastMeasured = { text: '', length: 0 };

function isClientRendered(facts: DocumentFacts, visibleText: string): boolean {
  if (visibleLength(visibleText) >= CLIENT_RENDERED_MAX_CHARS) return false;
  return (
    facts.hasEmptyRootContainer ||
    ENABLE_JAVASCRIPT.test(visibleText) ||
    ENABLE_JAVASCRIPT.test(facts.noscriptText) ||
    isApplication(facts)
  );
}

/** A description shorter than this says nothing a wall could not ("Loading"). */
const MIN_DESCRIPTION_CHARS = 40;
/** Hidden content of this size that scripts reveal is a page drawn late, not a challenge's leftovers. */
const MIN_HIDDEN_PAGE_CHARS = 500;
/** Inline code of an application's bootstrap, when it loads no script file. */
const MIN_APP_INLINE_SCRIPT_CHARS = 20 * 1024;

/**
 * An empty page that names itself (a title and a real description, as apps write for link
 * previews) or holds its content hidden until a script shows it, and that loads application code,
 * is an application whatever its mount point is called. A wall is short and says little: it has
 * no description to give, and its hidden parts (a challenge's arithmetic) are matched by the vendor
 * signatures before this test is reached.
 */
function isApplication(facts: DocumentFacts): boolean {
  const loadsCode = facts.scriptSources > 0 || facts.inlineScriptChars >= MIN_APP_INLINE_SCRIPT_CHARS;
  if (!loadsCode) return false;
  const describes = facts.title !== '' && facts.description.length >= MIN_DESCRIPTION_CHARS;
  return describes || facts.hiddenChars >= MIN_HIDDEN_PAGE_CHARS;
}

function isRootContainer(el: Element): boolean {
  return ROOT_IDS.has(el.attribs.id ?? '') || 'data-reactroot' in el.attribs || el.name === 'app-root';
}

/**
 * Hidden by the page itself: a challenge hides its arithmetic this way, and a reader never sees it.
 * aria-hidden is included: it hides text from assistive technology, and on a short page (the only
 * place this measure decides anything) it marks decoration, not content.
 */
function isHidden(el: Element): boolean {
  const a = el.attribs;
  return hiddenByAttribute(a) || a['aria-hidden'] === 'true' || hiddenByStyle(a.style);
}

/**
 * Block elements and <br> end a line so that "<h1>403 Forbidden</h1><hr><center>nginx</center>"
 * reads as two lines, not "403 Forbiddennginx": the error-placeholder rule looks at the first line.
 * Text in hidden elements is counted apart.
 */
function visibleText(start: ParentNode): {
  text: string;
  ownText: string;
  hiddenChars: number;
  hiddenText: string[];
} {
  const lines = new CollapsedLines();
  // The same lines without the text inside quoting elements: what the page says in its own words.
  const ownLines = new CollapsedLines();
  let quoteDepth = 0;
  const hiddenText: string[] = [];
  let hiddenChars = 0;
  const stack: Array<AnyNode | '\n' | 'quote-end'> = [...start.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === '\n') {
      lines.lineBreak();
      ownLines.lineBreak();
      continue;
    }
    if (node === 'quote-end') {
      quoteDepth--;
      continue;
    }
    if (node.type === 'text') {
      lines.add(node.data);
      if (quoteDepth === 0) ownLines.add(node.data);
      continue;
    }
    if (!isElement(node) || UNSEEN_TAGS.has(node.name)) continue;
    if (isHidden(node)) {
      const hidden = collapse(textContent(node));
      hiddenChars += hidden.length;
      if (hidden !== '') hiddenText.push(hidden);
      continue;
    }
    if (node.name === 'br') {
      lines.lineBreak();
      ownLines.lineBreak();
      continue;
    }
    const block = BLOCK_TAGS.has(node.name);
    if (block) stack.push('\n');
    if (QUOTING_TAGS.has(node.name)) {
      quoteDepth++;
      stack.push('quote-end');
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    if (block) {
      lines.lineBreak();
      ownLines.lineBreak();
    }
  }
  return { text: lines.toString(), ownText: ownLines.toString(), hiddenChars, hiddenText };
}

/**
 * Whether `visibleText(start).text` would be non-empty, stopping at the first visible word: an app
 * root often wraps the whole page, and reading all of it again only to test emptiness cost a 4 MB
 * page a second walk.
 */
function hasVisibleText(start: ParentNode): boolean {
  const stack: AnyNode[] = [...start.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text') {
      if (!isBlank(node.data)) return true;
      continue;
    }
    if (!isElement(node) || UNSEEN_TAGS.has(node.name) || isHidden(node)) continue;
    for (const child of node.children) stack.push(child);
  }
  return false;
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isJsWhitespace(text.charCodeAt(i))) return false;
  return true;
}

function textContent(el: Element): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text') parts.push(node.data, ' ');
    else if (isElement(node) && !UNSEEN_TAGS.has(node.name))
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return parts.join('');
}

const UNFILLED_INPUT_TYPES = new Set(['hidden', 'submit', 'button', 'image', 'reset', 'checkbox', 'radio']);

function isFillable(name: string, type: string | undefined): boolean {
  if (name === 'textarea' || name === 'select') return true;
  return name === 'input' && !UNFILLED_INPUT_TYPES.has((type ?? 'text').trim().toLowerCase());
}

/** What a browser runs: no type, a JavaScript MIME type, or a module; JSON and templates are data. */
function isExecutable(type: string | undefined): boolean {
  if (type === undefined) return true;
  const value = type.trim().toLowerCase();
  return (
    value === '' || value === 'module' || /^(?:text|application)\/(?:x-)?(?:java|ecma)script$/.test(value)
  );
}

function rawTextOf(el: Element): string {
  return el.children.map((child) => (child.type === 'text' ? child.data : '')).join('');
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
