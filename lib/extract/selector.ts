import type { CheerioAPI } from 'cheerio/slim';
import { select } from 'cheerio-select';
import type { AnyNode, Element } from '../html/dom.js';
import { isElement } from '../html/dom.js';
import { loadMarkup, MAX_TREE_DEPTH } from '../html/markup-parser.js';
import { countedAdapter, SelectionBudgetExceeded } from './counted-adapter.js';
import { selectorComplexityProblem } from './selector-limits.js';

/** `too_complex`: refused before any page (nesting, size); `too_costly`: ran out of steps on this page. */
export type SelectorProblem = 'invalid' | 'no_match' | 'too_complex' | 'too_costly';

/**
 * Work one selection may do, in reads of the tree, per node of the page (plus a floor for small
 * pages): linear in the page whatever the selector. One `:has` (the most selector-limits allows)
 * reads each candidate's subtree, at most MAX_TREE_DEPTH (512) reads per node; twice that leaves
 * room for the rest of the selector. A combinator chain that a page makes explode
 * (`.x div div div div` over deep nesting) stops here with `too_costly` instead of running on.
 */
export const SELECTION_STEPS_PER_NODE = 2 * MAX_TREE_DEPTH;
const SELECTION_STEPS_FLOOR = 200_000;

const messages: Record<SelectorProblem, (selector: string, reason?: string) => string> = {
  invalid: (selector) => `Invalid CSS selector: ${selector}`,
  no_match: (selector) => `Selector matched nothing: ${selector}`,
  too_complex: (selector, reason) => `CSS selector too complex (${reason}): ${selector}`,
  too_costly: (selector) => `CSS selector needs too much work on this page; simplify it: ${selector}`,
};

/**
 * Thrown for a CSS selector the caller supplied. Tools answer 400 with `selector` and `problem` in the
 * details; extraction code never throws anything else for user input.
 */
export class SelectorError extends Error {
  readonly selector: string;
  readonly problem: SelectorProblem;

  constructor(
    selector: string,
    problem: SelectorProblem,
    options: { cause?: unknown; reason?: string } = {},
  ) {
    super(messages[problem](selector, options.reason), { cause: options.cause });
    this.name = 'SelectorError';
    this.selector = selector;
    this.problem = problem;
  }
}

/**
 * All elements matching `selector` in document order, searched from `root` (whole document when
 * omitted). Throws SelectorError('invalid') on a syntax error; an empty result is not an error here,
 * so callers that must 400 on no match use `selectRequired`.
 */
export function selectAll($: CheerioAPI, selector: string, root?: AnyNode): Element[] {
  const trimmed = selector.trim();
  if (!trimmed) throw new SelectorError(selector, 'invalid');
  const documentRoot = $.root()[0];
  const start = root ?? documentRoot;
  const { adapter } = countedAdapter(stepBudget(documentRoot));
  try {
    // What cheerio's `.find` does, with the counting adapter: from `start`'s children, or from
    // `start` itself for a selector that begins with a sibling combinator or :scope.
    const from = /^\s*(?:[+~]|:scope\b)/.test(trimmed) ? [start] : childrenOf(start);
    const found = select(trimmed, from, {
      context: [start],
      root: documentRoot,
      xmlMode: ($ as unknown as { _options?: { xmlMode?: boolean } })._options?.xmlMode,
      adapter: adapter as never,
    });
    return found.filter(isElement);
  } catch (error) {
    if (error instanceof SelectionBudgetExceeded)
      throw new SelectorError(selector, 'too_costly', { cause: error });
    throw new SelectorError(selector, 'invalid', { cause: error });
  }
}

function childrenOf(node: AnyNode): AnyNode[] {
  return 'children' in node ? node.children : [];
}

/** Nodes in the document, counted once per document (a selection's budget is linear in it). */
const nodeCounts = new WeakMap<object, number>();

function stepBudget(documentRoot: AnyNode): number {
  let count = nodeCounts.get(documentRoot);
  if (count === undefined) {
    count = 0;
    const pending: AnyNode[] = [documentRoot];
    while (pending.length > 0) {
      const node = pending.pop()!;
      count += 1;
      if ('children' in node) for (const child of node.children) pending.push(child);
    }
    nodeCounts.set(documentRoot, count);
  }
  return SELECTION_STEPS_FLOOR + SELECTION_STEPS_PER_NODE * count;
}

export function selectRequired($: CheerioAPI, selector: string, root?: AnyNode): Element[] {
  const found = selectAll($, selector, root);
  if (found.length === 0) throw new SelectorError(selector, 'no_match');
  return found;
}

let emptyDocument: CheerioAPI | undefined;

/** Validates a selector without a page, so a tool can reject bad input before fetching anything. */
export function assertValidSelector(selector: string): void {
  emptyDocument ??= loadMarkup('');
  selectAll(emptyDocument, selector);
  const reason = selectorComplexityProblem(selector);
  if (reason) throw new SelectorError(selector, 'too_complex', { reason });
}
