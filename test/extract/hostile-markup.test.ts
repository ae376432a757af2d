import type { AnyNode } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { PageDocument } from '../../lib/extract/page-document.js';
import { loadMarkup, MAX_TREE_DEPTH, measureMarkupParse } from '../../lib/html/markup-parser.js';

/** Deepest element chain under `root`, walked with an explicit stack (the tree may be hostile). */
function treeDepth(root: AnyNode): number {
  let deepest = 0;
  const pending: [AnyNode, number][] = [[root, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    deepest = Math.max(deepest, depth);
    if ('children' in node) for (const child of node.children) pending.push([child, depth + 1]);
  }
  return deepest;
}

function countElements(root: AnyNode): number {
  let count = 0;
  const pending: AnyNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === 'tag') count++;
    if ('children' in node) pending.push(...node.children);
  }
  return count;
}

const TAGS = 50_000;
/** Chromium's depth: the most stack slots one tag may cost, and the deepest a tree may be. */
const DEPTH_LIMIT = 512;

/**
 * Markup shaped to make a parser's open-element stack grow with the input. Unbounded, each costs
 * about TAGS² / 2 stack steps (1.25 billion here); linear parsing stays within DEPTH_LIMIT per tag.
 */
const HOSTILE: Record<string, string> = {
  'unclosed <div>s': '<div>x'.repeat(TAGS),
  'unclosed <div>s, then unmatched end tags': `${'<div>'.repeat(TAGS)}${'</span>'.repeat(TAGS)}`,
  'nested <svg> (foreign content)': '<svg><g>'.repeat(TAGS / 2),
  'unclosed table cells in tables': '<table><tr><td>'.repeat(TAGS / 3),
  'unclosed <b> inside <p>s': '<p><b>'.repeat(TAGS / 2),
};

describe('parsing hostile markup is linear in the input', () => {
  for (const [shape, html] of Object.entries(HOSTILE)) {
    it(`${shape}: at most ${DEPTH_LIMIT} stack steps per tag, depth capped`, () => {
      const { document, stackSteps } = measureMarkupParse(html);
      const tags = html.split('<').length - 1;
      expect(stackSteps).toBeLessThanOrEqual(DEPTH_LIMIT * tags);
      expect(treeDepth(document)).toBeLessThanOrEqual(DEPTH_LIMIT + 1);
    });
  }

  it('caps at the depth browsers use', () => {
    expect(MAX_TREE_DEPTH).toBe(DEPTH_LIMIT);
  });

  it('keeps every element and every text past the limit, attached at the limit', () => {
    const $ = loadMarkup('<div>x'.repeat(TAGS));
    expect(countElements($.root()[0])).toBe(TAGS);
    // Recursive readers work on the capped tree (an uncapped one overflows the stack here).
    expect($.root().text()).toBe('x'.repeat(TAGS));
  });

  it('reads the same in XML mode', () => {
    const { document, stackSteps } = measureMarkupParse('<a>'.repeat(TAGS), { xml: true });
    expect(stackSteps).toBeLessThanOrEqual(DEPTH_LIMIT * TAGS);
    expect(treeDepth(document)).toBeLessThanOrEqual(DEPTH_LIMIT + 1);
    expect(countElements(document)).toBe(TAGS);
  });

  it('parses a huge attribute list and a long unterminated comment in one pass', () => {
    const attributes = Array.from({ length: TAGS }, (_, i) => `data-a${i}="v"`).join(' ');
    const wide = measureMarkupParse(`<div ${attributes}>text</div>`);
    expect(wide.stackSteps).toBeLessThanOrEqual(2);
    const element = wide.document.children[0];
    expect(element.type === 'tag' && Object.keys(element.attribs).length).toBe(TAGS);

    const comment = measureMarkupParse(`<p>a</p><!--${'-'.repeat(TAGS * 10)}`);
    expect(comment.document.children.map((node) => node.type)).toEqual(['tag', 'comment']);
  });

  it('leaves a page under the limit exactly as htmlparser2 parses it', () => {
    const page = `<html><body>${'<section>'.repeat(DEPTH_LIMIT - 2)}<p>deep</p></body></html>`;
    const document = PageDocument.parse(page, 'https://example.com/');
    expect(document.text({ onlyMainContent: false })).toBe('deep');
    const { document: tree } = measureMarkupParse(page);
    expect(treeDepth(tree)).toBe(DEPTH_LIMIT + 1);
  });

  it('extracts text from a page nested past the limit', () => {
    const page = `<html><body>${'<div>'.repeat(TAGS)}<p>deep</p></body></html>`;
    const document = PageDocument.parse(page, 'https://example.com/');
    expect(document.text({ onlyMainContent: false })).toBe('deep');
  });
});
