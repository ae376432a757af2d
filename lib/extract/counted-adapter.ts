import * as DomUtils from 'domutils';
import type { AnyNode, Element } from '../html/dom.js';

export class SelectionBudgetExceeded extends Error {
  constructor() {
    super('selection work budget exceeded');
    this.name = 'SelectionBudgetExceeded';
  }
}

type Predicate = (element: Element) => boolean;

/**
 * css-select reads the tree only through its adapter, so counting the adapter's calls counts the
 * work a selection does. This is domutils (the adapter cheerio uses) with a step budget: past it,
 * the selection stops with SelectionBudgetExceeded instead of running on.
 */
export function countedAdapter(budget: number) {
  let steps = 0;
  const tick = () => {
    steps += 1;
    if (steps > budget) throw new SelectionBudgetExceeded();
  };
  const counted =
    (test: Predicate): Predicate =>
    (element) => {
      tick();
      return test(element);
    };
  return {
    adapter: {
      isTag: (node: AnyNode): node is Element => {
        tick();
        return DomUtils.isTag(node);
      },
      existsOne: (test: Predicate, nodes: AnyNode[]) => DomUtils.existsOne(counted(test), nodes),
      getAttributeValue: (element: Element, name: string) => {
        tick();
        return DomUtils.getAttributeValue(element, name);
      },
      getChildren: (node: AnyNode) => {
        tick();
        return DomUtils.getChildren(node);
      },
      getName: (element: Element) => {
        tick();
        return DomUtils.getName(element);
      },
      getParent: (node: Element) => {
        tick();
        return DomUtils.getParent(node);
      },
      getSiblings: (node: AnyNode) => {
        tick();
        return DomUtils.getSiblings(node);
      },
      prevElementSibling: (node: AnyNode) => {
        tick();
        return DomUtils.prevElementSibling(node);
      },
      getText: (node: AnyNode) => {
        tick();
        return DomUtils.getText(node);
      },
      hasAttrib: (element: Element, name: string) => {
        tick();
        return DomUtils.hasAttrib(element, name);
      },
      removeSubsets: DomUtils.removeSubsets,
      findAll: (test: Predicate, nodes: AnyNode[]) => DomUtils.findAll(counted(test), nodes),
      findOne: (test: Predicate, nodes: AnyNode[]) => DomUtils.findOne(counted(test), nodes),
    },
    steps: () => steps,
  };
}
