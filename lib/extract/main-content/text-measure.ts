import { type AnyNode, type Element, isElement } from '../../html/dom.js';
import { collapsedLength, isOutboundHref } from './stats.js';

export interface TextSize {
  text: number;
  link: number;
}

/**
 * Text sizes of the unpruned page, measured on demand. Pruning asks about few elements in full
 * (wrappers with furniture-like names) and about many in "is it under N characters" form, which stops
 * walking as soon as the answer is no; a full counting pass over every element cost more than that.
 */
export class TextMeasure {
  private readonly full = new Map<Element, TextSize>();

  /** Text and link-text length of the whole subtree (cached). */
  size(el: Element): TextSize {
    const cached = this.full.get(el);
    if (cached) return cached;
    const size = { text: 0, link: 0 };
    const nodes: AnyNode[] = [el];
    const inLink: boolean[] = [false];
    while (nodes.length > 0) {
      const node = nodes.pop()!;
      const linked = inLink.pop()!;
      if (node.type === 'text') {
        const length = collapsedLength(node.data);
        size.text += length;
        if (linked) size.link += length;
        continue;
      }
      if (!isElement(node) || node.type !== 'tag') continue;
      const childLinked = linked || (node.name === 'a' && isOutboundHref(node.attribs.href));
      for (let i = node.children.length - 1; i >= 0; i--) {
        nodes.push(node.children[i]);
        inLink.push(childLinked);
      }
    }
    this.full.set(el, size);
    return size;
  }

  /**
   * The element's text length when it is at most `limit` characters and holds no image; null
   * otherwise. Stops at the first character past the limit.
   */
  smallText(el: Element, limit: number): number | null {
    return this.boundedText(el, limit, null);
  }

  /**
   * The element's text, whitespace collapsed, when it is at most `limit` characters and holds no
   * image; null otherwise. One bounded walk for checks that need the words, not only the length.
   */
  smallTextContent(el: Element, limit: number): string | null {
    const parts: string[] = [];
    const length = this.boundedText(el, limit, parts);
    if (length === null) return null;
    return length === 0 ? '' : parts.join('').replace(/\s+/g, ' ').trim();
  }

  /** The walk behind both: the collapsed length, and the text nodes into `parts` when given. */
  private boundedText(el: Element, limit: number, parts: string[] | null): number | null {
    const cached = this.full.get(el);
    if (cached && cached.text > limit) return null;
    // Index-based walk: pushing every child of a large element first would make this check cost the
    // whole subtree, which defeats its purpose when asked of every block on the page.
    const parents: Element[] = [el];
    const indexes: number[] = [0];
    let length = 0;
    while (parents.length > 0) {
      const top = parents.length - 1;
      const parent = parents[top];
      const index = indexes[top];
      if (index >= parent.children.length) {
        parents.pop();
        indexes.pop();
        continue;
      }
      indexes[top] = index + 1;
      const node = parent.children[index];
      if (node.type === 'text') {
        length += collapsedLength(node.data);
        if (length > limit) return null;
        parts?.push(node.data);
      } else if (isElement(node) && node.type === 'tag') {
        if (node.name === 'img') return null;
        parents.push(node);
        indexes.push(0);
      }
    }
    return length;
  }
}
