import type { AnyNode, Element, ParentNode } from 'domhandler';
import { isJsWhitespace } from './collapsed-text.js';

export type { AnyNode, Element, ParentNode };

/** The elements a reader leaves out: a Set of them, or a rule decided per element. */
export interface ElementFilter {
  has(el: Element): boolean;
}

/**
 * htmlparser2 gives <script> and <style> their own node types, so "is an element" is three checks.
 * Walking domhandler nodes directly instead of through cheerio wrappers is what keeps a 4 MB page
 * inside the time budget: a cheerio call allocates a wrapper per step.
 */
export function isElement(node: AnyNode | null | undefined): node is Element {
  return node != null && (node.type === 'tag' || node.type === 'script' || node.type === 'style');
}

/** Elements that start a new line in rendered text and a new paragraph in markdown. */
export const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'caption',
]);

export const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export const VOID_TAGS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Raw text of a subtree (no whitespace handling); iterative so deep pages cannot overflow the stack. */
export function rawText(node: AnyNode, skip?: (el: Element) => boolean): string {
  if (node.type === 'text') return node.data;
  const parts: string[] = [];
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.type === 'text') {
      parts.push(current.data);
      continue;
    }
    if (isElement(current)) {
      if (current.type !== 'tag') continue;
      if (skip && current !== node && skip(current)) continue;
    } else if (current.type !== 'root') {
      continue;
    }
    const children = (current as ParentNode).children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return parts.join('');
}

/**
 * Whether `rawText(node, skip).trim()` would be non-empty, stopping at the first such character
 * instead of joining the text (a link's text is tested on every link of a page, and kept for none).
 */
export function hasNonBlankText(node: AnyNode, skip?: (el: Element) => boolean): boolean {
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.type === 'text') {
      const text = current.data;
      for (let i = 0; i < text.length; i++) if (!isJsWhitespace(text.charCodeAt(i))) return true;
      continue;
    }
    if (isElement(current)) {
      if (current.type !== 'tag') continue;
      if (skip && current !== node && skip(current)) continue;
    } else if (current.type !== 'root') {
      continue;
    }
    const children = (current as ParentNode).children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return false;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Visible text of a subtree with runs of whitespace collapsed. */
export function textOf(node: AnyNode, skip?: (el: Element) => boolean): string {
  return collapseWhitespace(rawText(node, skip));
}

/** Pre-order walk over elements; returning false from `visit` skips that element's subtree. */
export function walkElements(root: AnyNode, visit: (el: Element) => boolean | undefined): void {
  // Only elements go on the stack: a page holds about as many text nodes as elements.
  const stack: Element[] = [];
  if (isElement(root)) stack.push(root);
  else pushElementChildren(stack, root);
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (visit(el) !== false) pushElementChildren(stack, el);
  }
}

/** The element children of `node`, last first, so popping them visits them in document order. */
function pushElementChildren(stack: Element[], node: AnyNode): void {
  const children = (node as ParentNode).children;
  if (!children) return;
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i];
    if (isElement(child)) stack.push(child);
  }
}

export function findFirst(root: AnyNode, test: (el: Element) => boolean): Element | null {
  let found: Element | null = null;
  walkElements(root, (el) => {
    if (found) return false;
    if (test(el)) {
      found = el;
      return false;
    }
    return true;
  });
  return found;
}
