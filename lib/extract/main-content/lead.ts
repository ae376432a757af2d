import { type Element, HEADING_TAGS, isElement } from '../../html/dom.js';
import { classTokens, isDecisiveBoilerplateName } from './patterns.js';
import type { ContentStats } from './stats.js';

/** How many ancestors of the body's first block are searched for the lead before it. */
const LEAD_LEVELS = 6;
/** Below this a block is a label (byline, date, kicker), stepped over on the way to the lead. */
const MIN_LEAD_PROSE = 80;
/** A block this long that is not prose ends the search: it is something else than a lead. */
const MAX_STEP_OVER_CHARS = 160;

function previousElement(el: Element): Element | null {
  for (let node = el.prev; node; node = node.prev) if (isElement(node) && node.type === 'tag') return node;
  return null;
}

function isLeadProse(el: Element, stats: ContentStats): boolean {
  const s = stats.get(el);
  return (
    s.prose >= MIN_LEAD_PROSE &&
    s.prose >= s.text * 0.8 &&
    stats.linkDensity(el) < 0.2 &&
    s.headingText === 0 &&
    !isDecisiveBoilerplateName(classTokens(el))
  );
}

function holdsHeading(el: Element, stats: ContentStats): boolean {
  return HEADING_TAGS.has(el.name) || stats.get(el).headingText > 0;
}

/**
 * The standfirst: the prose paragraph between the headline and the body ("Die Opernball-Grande-Dame
 * … ist gestorben."), which scoring leaves out because it sits in its own box beside the body's.
 * Walks back from the body's first block, and up a few wrappers, over empty, removed and short
 * blocks (bylines, dates, kickers), collecting prose blocks, and stops at the headline or at anything
 * substantial that is not prose. Inside a header holding the headline, the prose after it is the lead.
 */
export function findLead(first: Element, stats: ContentStats, removed: ReadonlySet<Element>): Element[] {
  const lead: Element[] = [];
  let node = first;
  for (let level = 0; level < LEAD_LEVELS; level++) {
    for (let sibling = previousElement(node); sibling; sibling = previousElement(sibling)) {
      if (removed.has(sibling) || stats.get(sibling).text === 0) continue;
      if (holdsHeading(sibling, stats)) {
        lead.unshift(...leadAfterHeadline(sibling, stats, removed));
        return lead;
      }
      if (isLeadProse(sibling, stats)) {
        lead.unshift(sibling);
        continue;
      }
      if (stats.get(sibling).text > MAX_STEP_OVER_CHARS || stats.linkDensity(sibling) > 0.5) return lead;
    }
    const parent = node.parent;
    if (!isElement(parent) || parent.name === 'body' || parent.name === 'html') break;
    node = parent;
  }
  return lead;
}

/** `<header><h1>…</h1><p class="lead">…</p></header>`: prose blocks after the heading. */
function leadAfterHeadline(box: Element, stats: ContentStats, removed: ReadonlySet<Element>): Element[] {
  if (HEADING_TAGS.has(box.name)) return [];
  const out: Element[] = [];
  let afterHeading = false;
  for (const child of box.children) {
    if (!isElement(child) || child.type !== 'tag' || removed.has(child)) continue;
    // A standfirst set as a heading (`<h2 class="article-lead">`): too long to be a heading.
    if (afterHeading && HEADING_TAGS.has(child.name) && child.name !== 'h1' && isLongHeading(child, stats)) {
      out.push(child);
      continue;
    }
    if (holdsHeading(child, stats)) {
      afterHeading = true;
      out.length = 0;
      // The headline nested deeper (`<div><header><h1/><p class=intro/></header></div>`).
      out.push(...leadAfterHeadline(child, stats, removed));
      continue;
    }
    if (afterHeading && isLeadProse(child, stats)) out.push(child);
  }
  return out;
}

/** Headings run to a line; this many characters is a paragraph set in a heading's type. */
const MIN_LEAD_HEADING_CHARS = 100;

function isLongHeading(el: Element, stats: ContentStats): boolean {
  return stats.get(el).text >= MIN_LEAD_HEADING_CHARS && stats.linkDensity(el) < 0.2;
}
