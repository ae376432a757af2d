import { parse, type Selector } from 'css-what';

/**
 * How complex a caller's CSS selector may be. css-select tests `:has(x)` by searching every
 * candidate's descendants, so each `:has` nested in another multiplies by the page's depth:
 * `div:has(div:has(div:has(p)))` on a 150-deep page blocked the event loop for 2 s, 300 deep for
 * 27 s. One level of `:has` costs at most the page times its depth (capped at 512 by the parser),
 * so nesting is refused outright; the other bounds keep what is accepted small enough to reason
 * about. What a page can still make costly is bounded at run time (`SELECTION_STEPS_PER_NODE`).
 */
export const SELECTOR_LIMITS = {
  /** Comma-separated selectors in one list. */
  selectors: 20,
  /** Simple selectors and combinators, counted through every nested argument. */
  parts: 64,
  /** `:not(:is(:where(…)))`: pseudo-classes that take selectors, one inside another. */
  nesting: 3,
} as const;

/** Pseudo-classes whose argument is itself a selector list. */
const SELECTOR_PSEUDOS = new Set(['has', 'not', 'is', 'where', 'matches', 'any', '-moz-any', '-webkit-any']);

interface Tally {
  parts: number;
  problem: string | null;
}

function walk(list: Selector[][], depth: number, insideHas: boolean, tally: Tally): void {
  for (const selector of list) {
    for (const token of selector) {
      tally.parts += 1;
      if (token.type !== 'pseudo' || !Array.isArray(token.data)) continue;
      if (!SELECTOR_PSEUDOS.has(token.name)) continue;
      if (token.name === 'has' && insideHas) {
        tally.problem ??= ':has() inside another :has() is not supported';
        return;
      }
      if (depth + 1 > SELECTOR_LIMITS.nesting) {
        tally.problem ??= `selector pseudo-classes nest at most ${SELECTOR_LIMITS.nesting} deep`;
        return;
      }
      walk(token.data, depth + 1, insideHas || token.name === 'has', tally);
    }
  }
}

/** Why `selector` is too complex to run on a page, or null. Syntax errors are not its concern. */
export function selectorComplexityProblem(selector: string): string | null {
  let list: Selector[][];
  try {
    list = parse(selector);
  } catch {
    return null;
  }
  if (list.length > SELECTOR_LIMITS.selectors) {
    return `at most ${SELECTOR_LIMITS.selectors} comma-separated selectors`;
  }
  const tally: Tally = { parts: 0, problem: null };
  walk(list, 0, false, tally);
  if (tally.problem) return tally.problem;
  if (tally.parts > SELECTOR_LIMITS.parts)
    return `at most ${SELECTOR_LIMITS.parts} simple selectors and combinators`;
  return null;
}
