import type { CheerioAPI } from 'cheerio/slim';
import type { AnyNode, Element } from './dom.js';
import { isElement } from './dom.js';
import { loadMarkup } from './markup-parser.js';

export type SelectorProblem = 'invalid' | 'no_match';

/**
 * Thrown for a CSS selector the caller supplied. Tools answer 400 with `selector` and `problem` in the
 * details; extraction code never throws anything else for user input.
 */
export class SelectorError extends Error {
  readonly selector: string;
  readonly problem: SelectorProblem;

  constructor(selector: string, problem: SelectorProblem, cause?: unknown) {
    super(
      problem === 'invalid' ? `Invalid CSS selector: ${selector}` : `Selector matched nothing: ${selector}`,
      { cause },
    );
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
  try {
    // `$(string)` would build elements from a string starting with '<'; `find` always parses a selector.
    const found = (root ? $(root) : $.root()).find(trimmed);
    return found.toArray().filter(isElement);
  } catch (error) {
    throw new SelectorError(selector, 'invalid', error);
  }
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
}
