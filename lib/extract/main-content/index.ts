import { type Element, isAncestorOf, isElement } from '../dom.js';
import { cleanInside, collectSiblings } from './assemble.js';
import { matchArticleBody } from './hint.js';
import { findBoilerplate } from './prune.js';
import { climbWhileProse, pickTopCandidate, scoreCandidates } from './score.js';
import { ContentStats } from './stats.js';

export type MainContentMethod = 'scored' | 'json-ld' | 'recovered' | 'body';

export interface MainContent {
  /** The article, as one or more sibling elements in document order. */
  roots: Element[];
  /** Elements inside (or around) the roots to leave out; their subtrees are implied. */
  removed: ReadonlySet<Element>;
  /** How the roots were found, for diagnostics and tests. */
  method: MainContentMethod;
  /** Characters of visible text in the result, whitespace runs counted once. */
  textLength: number;
}

export interface MainContentOptions {
  /** The page's JSON-LD `articleBody`, when it published one. */
  articleBodyHint?: string;
}

/** Under this many characters a first pass probably pruned the article itself. */
const MIN_ARTICLE_CHARS = 250;

interface Attempt {
  roots: Element[];
  removed: Set<Element>;
  textLength: number;
  usedHint: boolean;
}

function attempt(body: Element, rawStats: ContentStats, useNames: boolean, hint?: string): Attempt | null {
  const removed = findBoilerplate(body, rawStats, { useNames });
  const stats = new ContentStats(body, removed);
  const scores = scoreCandidates(stats, body);
  let top = pickTopCandidate(scores, body);
  let usedHint = false;
  if (hint) {
    const matched = matchArticleBody(hint, scores, stats, removed);
    if (matched && matched !== top) {
      usedHint = true;
      top = matched;
    }
  }
  if (!top) return null;
  const microdata = articleBodyAncestor(top, body);
  if (microdata) top = microdata;
  else if (!usedHint) top = climbWhileProse(top, stats, body);
  const roots = collectSiblings(top, scores, stats, removed);
  cleanInside(roots, stats, removed);
  const cleaned = new ContentStats(body, removed);
  const textLength = roots.reduce((sum, root) => sum + cleaned.get(root).text, 0);
  return { roots, removed, textLength, usedHint };
}

/** A candidate inside an itemprop=articleBody element is part of the body the CMS declared. */
function articleBodyAncestor(top: Element, body: Element): Element | null {
  let level = 0;
  for (let p = top.parent; isElement(p) && p !== body && level < 4; p = p.parent, level++) {
    if (p.attribs.itemprop === 'articleBody') return p;
  }
  return null;
}

/**
 * Finds the article in a parsed page without modifying it. First pass: prune furniture by tag, ARIA
 * role, hidden state and class/id words; score; merge siblings; clean inside. When that leaves almost
 * nothing (a wrapper with a furniture-like name held the article), a second pass runs without the
 * name heuristics and the longer result wins. When nothing scores at all, the cleaned body is used.
 */
export function extractMainContent(body: Element, options: MainContentOptions = {}): MainContent {
  const rawStats = new ContentStats(body, new Set());
  const pageText = rawStats.get(body).text;
  let best = attempt(body, rawStats, true, options.articleBodyHint);
  let method: MainContentMethod = best?.usedHint ? 'json-ld' : 'scored';
  if ((!best || best.textLength < MIN_ARTICLE_CHARS) && pageText > MIN_ARTICLE_CHARS * 2) {
    const second = attempt(body, rawStats, false, options.articleBodyHint);
    if (second && (!best || second.textLength > best.textLength)) {
      best = second;
      method = 'recovered';
    }
  }
  if (!best || best.textLength === 0) {
    const removed = findBoilerplate(body, rawStats, { useNames: true });
    const cleaned = new ContentStats(body, removed);
    return { roots: [body], removed, method: 'body', textLength: cleaned.get(body).text };
  }
  return {
    roots: sortInDocumentOrder(best.roots),
    removed: best.removed,
    method,
    textLength: best.textLength,
  };
}

function sortInDocumentOrder(roots: Element[]): Element[] {
  if (roots.length < 2) return roots;
  // Roots are siblings (or one element), so ancestry never mixes; keep only outermost ones.
  return roots.filter((root) => !roots.some((other) => other !== root && isAncestorOf(other, root)));
}
