import { type Element, HEADING_TAGS, isElement, textOf, walkElements } from '../../html/dom.js';
import { AFFILIATE_DISCLOSURE } from './affiliate-disclosure.js';
import { cleanInside, collectSiblings } from './assemble.js';
import { findCallsToAction } from './call-to-action.js';
import { findStoryCaptions } from './captions.js';
import {
  declaresDiscussion,
  declaresDiscussionInMicrodata,
  declaresProduct,
  declaresStory,
} from './declared-kind.js';
import { trimEdges } from './edges.js';
import { matchArticleBody } from './hint.js';
import { landmarkInstead } from './landmark.js';
import { findLead } from './lead.js';
import { findLeafNotices } from './leaf-notices.js';
import {
  findPostBylines,
  findRepeatsOutsideQuotes,
  POST_NUMBER,
  posterCardsAround,
  REPUTATION_FLAIR,
} from './post-bylines.js';
import { findCustomerReviews } from './product-reviews.js';
import { findBoilerplate, noscriptHoldsPage, type PruneOptions } from './prune.js';
import { findRepeatedBlocks } from './repeated-blocks.js';
import { liftToListOfItems, liftToRepeatedItem, liftToSeriesOfPosts } from './repeated-items.js';
import {
  climbWhileProse,
  descendToProse,
  isDeclaredArticleBody,
  pickTopCandidate,
  scoreCandidates,
} from './score.js';
import { dropBoilerplateSections } from './sections.js';
import { SIGN_IN_PROMPT } from './sign-in-prompts.js';
import { SIGN_UP_CONSENT } from './sign-up-consent.js';
import { ContentStats } from './stats.js';
import { TextMeasure } from './text-measure.js';

export type MainContentMethod = 'scored' | 'json-ld' | 'recovered' | 'landmark' | 'body';

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
  /** The page title (og:title or <title>): a leading heading repeating it is left out. */
  titleHint?: string;
}

/** Under this many characters a first pass probably pruned the article itself. */
const MIN_ARTICLE_CHARS = 250;
/**
 * A first result holding less than this share of the page's prose (counted without the name
 * heuristics) is suspect: the names removed the rest of the article (listicle items in "widget"
 * wrappers, posts in "comment" boxes), or the scoring settled on a side block.
 */
const SUSPECT_PROSE_SHARE = 0.4;
/** A same-block recovery that adds more prose than this factor brings back what names removed rightly. */
const MAX_RECOVERED_PROSE_GAIN = 1.25;

interface Attempt {
  roots: Element[];
  removed: Set<Element>;
  textLength: number;
  usedHint: boolean;
  /** Prose on the whole page once this attempt's furniture is out. */
  pageProse: number;
  stats: ContentStats;
}

function attempt(
  body: Element,
  measure: TextMeasure,
  prune: PruneOptions,
  options: MainContentOptions,
): Attempt | null {
  const hint = options.articleBodyHint;
  const removed = findBoilerplate(body, measure, prune);
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
  const pageProse = stats.get(body).prose;
  const declared = isDeclaredArticleBody(top) ? top : declaredArticleBodyAncestor(top, body);
  if (declared) top = declared;
  else if (!usedHint) top = climbWhileProse(descendToProse(top, stats), stats, body);
  // A body split across wrappers (`<div class=row><div class=col>…`) is merged at the level where its
  // parts are siblings, not inside the one wrapper the best part sits in.
  if (!usedHint && !declared) top = liftToListOfItems(top, stats, body, removed);
  if (!usedHint) top = liftOnlyChild(top, body, removed);
  if (!usedHint && prune.useNames) top = widenToPageProse(top, stats, body, pageProse);
  if (!usedHint && !declared) top = liftToSeriesOfPosts(top, stats, body, removed);
  if (!usedHint && declared) top = liftToRepeatedItem(top, stats, body, removed);
  // The publisher's own articleBody already says where the body ends: no siblings are added to it.
  const body_ = usedHint ? [top] : collectSiblings(top, scores, stats, removed);
  const lead = findLead(body_[0], stats, removed);
  const roots = [...lead, ...body_];
  const sectionText = dropBoilerplateSections(roots, stats, removed, prune.repliesAreContent);
  const cleanedText =
    sectionText +
    cleanInside(roots, stats, removed) +
    trimEdges(roots, stats, removed, options.titleHint, lead);
  const textLength = roots.reduce((sum, root) => sum + stats.get(root).text, 0) - cleanedText;
  return { roots, removed, textLength, usedHint, pageProse, stats };
}

/** A choice holding less than this share of the page's prose is one block of several. */
const MIN_CHOICE_PROSE_SHARE = 0.3;
/** The ancestor taken instead must hold at least this share… */
const WIDENED_PROSE_SHARE = 0.6;
/** …and be mostly unlinked text, or it is the page's chrome around the blocks. */
const WIDENED_MAX_LINK_DENSITY = 0.35;

/**
 * The scoring favours the block with the densest paragraphs, which on a thread or a Q&A page is one
 * post of several (the accepted answer, the longest reply). When the choice holds a small share of
 * the page's prose, the nearest ancestor holding most of it, mostly unlinked, is the content. On a
 * landing page of short sections side by side that ancestor is the body itself, pruned of its
 * header, menus and footer.
 */
function widenToPageProse(top: Element, stats: ContentStats, body: Element, pageProse: number): Element {
  if (pageProse === 0 || stats.get(top).prose >= pageProse * MIN_CHOICE_PROSE_SHARE) return top;
  for (let p = top.parent; isElement(p); p = p.parent) {
    if (stats.get(p).prose >= pageProse * WIDENED_PROSE_SHARE) {
      return stats.linkDensity(p) <= WIDENED_MAX_LINK_DENSITY ? p : top;
    }
    if (p === body) break;
  }
  return top;
}

function liftOnlyChild(top: Element, body: Element, removed: ReadonlySet<Element>): Element {
  let current = top;
  for (let p = current.parent; isElement(p) && p !== body; p = p.parent) {
    const others = p.children.some(
      (child) =>
        child !== current &&
        ((child.type === 'text' && child.data.trim() !== '') ||
          (isElement(child) && child.type === 'tag' && !removed.has(child))),
    );
    if (others) break;
    current = p;
  }
  return current;
}

/** A candidate inside an itemprop=articleBody element is part of the body the CMS declared. */
function declaredArticleBodyAncestor(top: Element, body: Element): Element | null {
  let level = 0;
  for (let p = top.parent; isElement(p) && p !== body && level < 4; p = p.parent, level++) {
    if (isDeclaredArticleBody(p)) return p;
  }
  return null;
}

/**
 * Finds the article in a parsed page without modifying it. First pass: prune furniture by tag, ARIA
 * role, hidden state and class/id words; score; merge siblings; clean inside. When that leaves almost
 * nothing, or a small share of the page's prose (a wrapper with a furniture-like name held the
 * article), a second pass runs without the name heuristics and the longer result wins. When nothing scores at all, the cleaned body is used.
 */
export function extractMainContent(body: Element, options: MainContentOptions = {}): MainContent {
  const measure = new TextMeasure();
  const readNoscript = noscriptHoldsPage(body, measure);
  const repliesAreContent = declaresDiscussion(body);
  let best = attempt(body, measure, { useNames: true, readNoscript, repliesAreContent }, options);
  let method: MainContentMethod = best?.usedHint ? 'json-ld' : 'scored';
  let nameFree: Attempt | null = null;
  const tooShort = !best || best.textLength < MIN_ARTICLE_CHARS;
  // The page's prose under the second pass can be no more than its whole text: a first result
  // holding a large enough share of that needs no second look.
  const maybeFragment = best !== null && best.textLength < measure.size(body).text * SUSPECT_PROSE_SHARE;
  if ((tooShort || maybeFragment) && measure.size(body).text > MIN_ARTICLE_CHARS * 2) {
    const second = attempt(body, measure, { useNames: false, readNoscript, repliesAreContent }, options);
    nameFree = second;
    const fragment =
      best !== null &&
      second !== null &&
      (best.textLength < second.pageProse * SUSPECT_PROSE_SHARE ||
        // The same block read without the names holds far more, and not more prose: its tiles,
        // cards or rows (which the page's prose cannot count) carried a furniture-like name. More
        // prose would be the article's own furniture the names rightly took out (teasers, boxes).
        (best.roots[0] === second.roots[0] &&
          best.textLength < second.textLength * SUSPECT_PROSE_SHARE &&
          second.stats.get(second.roots[0]).prose <
            best.stats.get(best.roots[0]).prose * MAX_RECOVERED_PROSE_GAIN));
    if ((tooShort || fragment) && second && (!best || second.textLength > best.textLength)) {
      best = second;
      method = 'recovered';
    }
  }
  // Nothing visible scored: the page ships its content hidden until a script reveals it (a product
  // wrapper at display:none, a deferred block), and the reader sees it once that script has run.
  if (!best || best.textLength === 0) {
    const revealed = attempt(
      body,
      measure,
      { useNames: true, readNoscript, readHidden: true, repliesAreContent },
      options,
    );
    if (revealed && revealed.textLength > 0) best = revealed;
  }
  if (best && !best.usedHint) {
    const prune = (useNames: boolean) => {
      const removed = findBoilerplate(body, measure, { useNames, readNoscript, repliesAreContent });
      return { removed, stats: new ContentStats(body, removed) };
    };
    let nameFreePruning: ReturnType<typeof prune> | undefined;
    const pruneWithoutNames = () => {
      nameFreePruning ??= prune(false);
      return nameFreePruning;
    };
    // The name-free attempt measured its stats before its clean-up grew its removed set.
    const nameFreeReading = {
      known: nameFree?.stats,
      read: () => nameFree?.stats ?? pruneWithoutNames().stats,
    };
    const landmark = landmarkInstead(body, measure, best, method === 'recovered', nameFreeReading);
    if (landmark) {
      // A listing's cards and teasers carry names the first pass reads as furniture; the whole
      // page, which holds its comments and widgets too, is read with them.
      const { removed, stats } = landmark === body ? prune(true) : pruneWithoutNames();
      best = { ...best, roots: [landmark], removed, stats, textLength: stats.get(landmark).text };
      method = 'landmark';
    }
  }
  if (best && options.titleHint) dropTitleHeading(best.roots, best.removed, options.titleHint);
  const discussion = repliesAreContent || declaresDiscussionInMicrodata(body);
  if (best && discussion) best = withPostBylines(best);
  if (!best || best.textLength === 0) {
    const removed = findBoilerplate(body, measure, { useNames: true, readNoscript, repliesAreContent });
    const cleaned = new ContentStats(body, removed);
    return { roots: [body], removed, method: 'body', textLength: cleaned.get(body).text };
  }
  // Only a declared product: a thread quotes its posts word for word, and an article or its
  // documentation repeats a line of code or a refrain on purpose. The declaration is asked first:
  // its walk reads only element names and scripts, where the search for repeats reads the text of
  // every block of the result (34 against 10 ms on a 4 MB page). Its shoppers' reviews go too
  // (product-reviews.ts): elsewhere a block named "reviews" may be what the page is about.
  const product = declaresProduct(body);
  const reviews = product ? findCustomerReviews(best.roots, best.removed) : [];
  const unread = reviews.length > 0 ? new Set([...best.removed, ...reviews]) : best.removed;
  const repeated = product ? [...reviews, ...findRepeatedBlocks(best.roots, unread)] : [];
  // Taken out once the result is settled: trimmed inside the attempt, a notice's length tipped a
  // short story into the name-free second pass, sign-up boxes and all.
  const story = declaresStory(body);
  const captions = story ? findStoryCaptions(best.roots, best.removed) : [];
  const notices = findLeafNotices(best.roots, best.removed, best.stats, [
    AFFILIATE_DISCLOSURE,
    SIGN_IN_PROMPT,
    SIGN_UP_CONSENT,
    ...(discussion ? [POST_NUMBER] : []),
  ]);
  if (discussion) {
    const flairs = findLeafNotices(best.roots, best.removed, best.stats, [REPUTATION_FLAIR]);
    notices.push(
      ...posterCardsAround(flairs, best.removed),
      ...findRepeatsOutsideQuotes(best.roots, best.removed),
    );
  }
  const pitches = story ? findCallsToAction(best.roots, best.removed, best.stats, best.textLength) : [];
  const dropped = new Set([...repeated, ...captions, ...notices, ...pitches]);
  if (dropped.size > 0) {
    const removed = new Set(best.removed);
    let textLength = best.textLength;
    for (const el of dropped) {
      removed.add(el);
      // A dropped block inside another (a caption in a promotion box) counts its own text once.
      textLength -= textOf(el, (child) => best.removed.has(child) || dropped.has(child)).length;
    }
    return { roots: best.roots, removed, method, textLength: Math.max(0, textLength) };
  }
  return { roots: best.roots, removed: best.removed, method, textLength: best.textLength };
}

/** A thread's posts under their posters' names and dates (post-bylines.ts). */
function withPostBylines(best: Attempt): Attempt {
  const bylines = findPostBylines(best.roots, best.removed);
  if (bylines.restored.length === 0) return best;
  const removed = new Set(best.removed);
  for (const el of bylines.restored) removed.delete(el);
  for (const el of bylines.removed) removed.add(el);
  const textLength = best.roots.reduce((sum, root) => sum + textOf(root, (el) => removed.has(el)).length, 0);
  return { ...best, removed, textLength };
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Readability's `_headerDuplicatesTitle`: the headline sits in the metadata already, and annotated
 * article bodies leave it out. Only a heading before any paragraph, made of the title's words.
 */
function dropTitleHeading(roots: Element[], removed: Set<Element>, title: string): void {
  const titleWords = new Set(words(title));
  let heading: Element | null = null;
  walkElements(roots[0], (el) => {
    if (heading || removed.has(el)) return false;
    if (HEADING_TAGS.has(el.name) || el.name === 'p') heading = el;
    return !heading;
  });
  if (!heading || (heading as Element).name === 'p') return;
  const headingWords = words(textOf(heading as Element));
  if (headingWords.length < 2) return;
  const shared = headingWords.filter((word) => titleWords.has(word)).length;
  if (shared / headingWords.length >= 0.75 && headingWords.length >= titleWords.size * 0.4) {
    removed.add(heading);
  }
}
