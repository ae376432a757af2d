import { type Element, isElement, textOf, walkElements } from '../../html/dom.js';
import type { ContentStats } from './stats.js';

/** A pitch is a heading, a sentence or two and its button: longer, it is a section of the story. */
const MAX_PITCH_CHARS = 500;
/** A box holding more of the result than this is what the page is about (a launch, a sign-up page). */
const MAX_PITCH_SHARE = 0.15;
const MIN_STORY_TEXT_BEFORE = 80;
const BOX_TAGS = new Set(['div', 'section', 'aside']);
const CTA_WORDS =
  /^(?:get|contact|download|book|schedule|request|start|try|sign up|learn more|tell us|talk to|join|register|claim|shop|buy|order|subscribe|apply|enroll|explore|discover|find out|see (?:how|plans|pricing)|let'?s talk)\b/i;

/** A card of a grid, a post of a thread, an item of a list: a series, not a pitch dropped in. */
function isOneOfSeries(el: Element): boolean {
  const parent = el.parent;
  if (!isElement(parent) || parent.name === 'li') return true;
  let like = 0;
  for (const sibling of parent.children)
    if (isElement(sibling) && sibling.name === el.name && sibling.attribs.class === el.attribs.class) like++;
  return like >= 2;
}

/** The box sits in the story's flow: the block before it holds a paragraph's worth of text. */
function followsStoryText(el: Element, removed: ReadonlySet<Element>, stats: ContentStats): boolean {
  for (let node = el.prev; node; node = node.prev) {
    if (!isElement(node) || node.type !== 'tag' || removed.has(node)) continue;
    return stats.get(node).text >= MIN_STORY_TEXT_BEFORE;
  }
  return false;
}

/** The last element of the box holding text, read on the page as printed (buttons included). */
function lastTextElement(box: Element): Element | null {
  let last: Element | null = null;
  walkElements(box, (el) => {
    if (el.children.some((child) => child.type === 'text' && child.data.trim() !== '')) last = el;
    return true;
  });
  return last;
}

function isCallToAction(el: Element): boolean {
  let control: Element | null = el;
  while (control && control.name !== 'a' && control.name !== 'button') {
    control = isElement(control.parent) ? control.parent : null;
    if (control && BOX_TAGS.has(control.name)) return false;
  }
  if (!control) return false;
  const text = textOf(control).trim();
  if (text.length === 0 || text.split(/\s+/).length > 6) return false;
  return CTA_WORDS.test(text);
}

/**
 * A promotion dropped into a story ("Ready to grow your practice? … Get a demo", "Free download …
 * Download now"): a short box of a pitch closed by its button. On a landing page such boxes are the
 * page; in a story the annotated truths leave them out.
 */
export function findCallsToAction(
  roots: readonly Element[],
  removed: ReadonlySet<Element>,
  stats: ContentStats,
  resultText: number,
): Element[] {
  const limit = Math.min(MAX_PITCH_CHARS, resultText * MAX_PITCH_SHARE);
  const found: Element[] = [];
  for (const root of roots)
    walkElements(root, (el) => {
      if (removed.has(el)) return false;
      if (el === root || !BOX_TAGS.has(el.name)) return true;
      const text = stats.get(el).text;
      if (text === 0 || text > limit || isOneOfSeries(el) || !followsStoryText(el, removed, stats))
        return true;
      const last = lastTextElement(el);
      if (last && isCallToAction(last)) {
        found.push(el);
        return false;
      }
      return true;
    });
  return found;
}
