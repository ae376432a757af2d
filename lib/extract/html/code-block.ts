import { type AnyNode, type Element, isElement } from '../../html/dom.js';

const LANGUAGE_CLASS =
  /(?:^|\s)(?:language-|lang-|highlight-source-|highlight-|brush:\s?|sourcecode\s)([a-z0-9_+#.-]+)/i;
const NOT_LANGUAGES = new Set([
  'none',
  'text',
  'plain',
  'plaintext',
  'nohighlight',
  'default',
  'source',
  'block',
]);

/**
 * Reads a code block's language from the class conventions highlighters use (`language-ts`,
 * `lang-ts`, `highlight-ts`, `highlight-source-ts`, `brush: ts`, Sphinx's `highlight-python3` on a
 * wrapper) or `data-lang`, on the <pre>, its <code>, or up to two wrappers above.
 */
export function codeLanguage(pre: Element): string {
  const code = pre.children.find((child): child is Element => isElement(child) && child.name === 'code');
  const candidates: (Element | null)[] = [code ?? null, pre];
  let wrapper = pre.parent;
  for (let i = 0; i < 2 && isElement(wrapper); i++, wrapper = wrapper.parent) candidates.push(wrapper);
  for (const el of candidates) {
    if (!el) continue;
    const explicit = el.attribs['data-lang'] ?? el.attribs['data-language'];
    if (explicit && /^[a-z0-9_+#.-]+$/i.test(explicit)) return explicit.toLowerCase();
    const match = LANGUAGE_CLASS.exec(el.attribs.class ?? '');
    if (match) {
      const language = match[1].toLowerCase().replace(/^source-/, '');
      if (!NOT_LANGUAGES.has(language)) return language;
    }
  }
  return '';
}

/**
 * The text of a code block as the browser shows it: highlighter <span>s flattened, <br> as a line
 * break (turndown joins <br>-separated lines otherwise), block children on their own lines.
 */
export function codeText(node: AnyNode): string {
  const parts: string[] = [];
  // A string on the stack is text to emit once the subtree pushed after it is done.
  const stack: (AnyNode | string)[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (typeof current === 'string') {
      parts.push(current);
      continue;
    }
    if (current.type === 'text') {
      parts.push(current.data);
      continue;
    }
    if (!isElement(current)) continue;
    if (current.type !== 'tag') continue;
    if (current.name === 'br') {
      parts.push('\n');
      continue;
    }
    // Line-number gutters are text that is not code.
    if (
      /\b(?:linenos?|line-?numbers?|gutter|lineno)\b/i.test(current.attribs.class ?? '') &&
      current !== node
    ) {
      continue;
    }
    if ((current.name === 'div' || current.name === 'p') && current !== node) {
      stack.push('\n');
    }
    const children = current.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return parts.join('').replace(/\r\n?/g, '\n').replace(/^\n+/, '').replace(/\s+$/, '');
}

/** A <code> outside <pre> that holds <br> lines is a code block written the old way. */
export function isBrCodeBlock(el: Element): boolean {
  if (el.name !== 'code') return false;
  // The <br> test first: it reads the children, the <pre> test every ancestor up to the root.
  if (!el.children.some((child) => isElement(child) && child.name === 'br')) return false;
  for (let p = el.parent; isElement(p); p = p.parent) if (p.name === 'pre') return false;
  return true;
}
