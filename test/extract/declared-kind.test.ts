import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { declaresProduct, declaresSingleItem } from '../../lib/extract/main-content/declared-kind.js';
import { type Element, isElement } from '../../lib/html/dom.js';
import { loadMarkup } from '../../lib/html/markup-parser.js';

const productAfterBody = `<html><head><title>Throw</title></head>
  <body><main><h1>Linen throw</h1><p>Woven by hand.</p></main></body>
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Linen throw"}</script>
</html>`;
const listing = `<html><head><script type="application/ld+json">{"@type":"ItemList"}</script></head>
  <body><main><ul><li>One</li><li>Two</li></ul></main></body></html>`;

function bodyOf(root: { children: unknown[] }): Element {
  let found: Element | undefined;
  const visit = (nodes: unknown[]) => {
    for (const node of nodes as Element[]) {
      if (found || !isElement(node)) continue;
      if (node.name === 'body') found = node;
      else visit(node.children);
    }
  };
  visit(root.children);
  if (!found) throw new Error('no body');
  return found;
}

describe('what a page declares itself', () => {
  // Our parser indexes the page's scripts; a tree made elsewhere is walked: both must agree.
  const parsers = {
    'our parser (indexed scripts)': (html: string) => bodyOf(loadMarkup(html).root()[0]),
    'another parser (walked)': (html: string) => bodyOf(parseDocument(html)),
  };
  for (const [name, parse] of Object.entries(parsers)) {
    it(`finds a product declared after </body> and none on a listing, with ${name}`, () => {
      expect(declaresProduct(parse(productAfterBody))).toBe(true);
      expect(declaresSingleItem(parse(productAfterBody))).toBe(true);
      expect(declaresProduct(parse(listing))).toBe(false);
      expect(declaresSingleItem(parse(listing))).toBe(false);
    });
  }
});
