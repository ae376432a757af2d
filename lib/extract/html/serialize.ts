import type { CleanNode } from './clean-tree.js';
import { cleanFormula, formulaMarkup } from './math.js';

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]);
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<]/g, (c) => (c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&lt;'));
}

const VOID = new Set(['br', 'hr', 'img']);

/**
 * The clean tree as HTML (the `html` output format): the smallest HTML that shows the same content,
 * with no scripts, comments, furniture, classes or styles, and URLs absolute.
 */
export function printCleanHtml(nodes: readonly CleanNode[]): string {
  const out: string[] = [];
  const stack: (CleanNode | { close: string })[] = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === 'string') {
      out.push(escapeText(node));
      continue;
    }
    if ('close' in node) {
      out.push(`</${node.close}>`);
      continue;
    }
    // The same text as the markdown: the tree keeps a formula's TeX, not its MathML.
    if (node.tag === 'math') {
      out.push(escapeText(formulaMarkup(cleanFormula(node))));
      continue;
    }
    let attributes = '';
    for (const [name, value] of Object.entries(node.attrs ?? {}))
      attributes += ` ${name}="${escapeAttribute(value)}"`;
    out.push(`<${node.tag}${attributes}>`);
    if (VOID.has(node.tag)) continue;
    stack.push({ close: node.tag });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return out.join('');
}
