import { type Element, HEADING_TAGS, isElement, textOf, walkElements } from '../../html/dom.js';
import { resultGoesOn } from './following-text.js';
import { isReadMore } from './section-words.js';
import type { ContentStats } from './stats.js';

/** A feature's name is a few words ("Integrated terminal", "Azure Kubernetes Service (AKS)"). */
const MAX_NAME_WORDS = 5;
/** A card is its name and one or two sentences; a longer block is a section of its own. */
const MAX_CARD_CHARS = 300;
const MIN_DESCRIPTION_WORDS = 4;
const MIN_CARDS = 3;
const MIN_CARD_SHARE = 0.8;
/**
 * A wall of teasers closes the article it follows; a grid of features sits between a landing page's
 * sections, with at least a heading and a sentence of the next one after it.
 */
const MIN_FOLLOWING_CHARS = 100;
const SENTENCE_END = /[.!?]["'”’)]?$/u;

/**
 * A grid of a product's features: three or more cards, each a short name as a heading and a
 * sentence that describes it, the whole card often one link to the feature's page. Its shape is
 * a teaser wall's (linked headings, little else), and inside an article such a wall announces
 * other stories; but a story's headline runs longer than a feature's name and its summary is
 * cut or sits beside a date or a price, while a landing page's annotated text keeps its features.
 */
export function isFeatureCardGrid(el: Element, root: Element, stats: ContentStats): boolean {
  if (el.children.length < MIN_CARDS || stats.get(el).link === 0) return false;
  // Sized from the figures first: the clean-up asks this of every block, and only a block of small
  // headed children is worth a walk through each child.
  const children: Element[] = [];
  let small = 0;
  for (const child of el.children) {
    if (!isElement(child) || child.type !== 'tag') continue;
    const s = stats.get(child);
    if (s.text === 0) continue;
    children.push(child);
    if (s.text <= MAX_CARD_CHARS && s.headingText > 0) small++;
  }
  const least = Math.max(MIN_CARDS, children.length * MIN_CARD_SHARE);
  if (small < least) return false;
  let cards = 0;
  for (const child of children) if (isFeatureCard(child, stats)) cards++;
  return cards >= least && resultGoesOn(el, root, stats, MIN_FOLLOWING_CHARS);
}

function isFeatureCard(card: Element, stats: ContentStats): boolean {
  if (stats.get(card).text > MAX_CARD_CHARS) return false;
  let heading: Element | null = null;
  let headings = 0;
  let lastLink: Element | null = null;
  walkElements(card, (node) => {
    if (HEADING_TAGS.has(node.name) && stats.get(node).text > 0) {
      headings++;
      heading ??= node;
      return false;
    }
    if (node.name === 'a' && stats.get(node).text > 0) lastLink = node;
    return true;
  });
  if (headings !== 1 || heading === null) return false;
  const name = collapse(textOf(heading));
  if (name.split(' ').length > MAX_NAME_WORDS) return false;
  const text = collapse(textOf(card));
  let description = text.slice(text.indexOf(name) + name.length).trim();
  // The card's own "Learn more" follows the sentence.
  const label = lastLink === null ? '' : collapse(textOf(lastLink));
  if (label && isReadMore(label) && description.endsWith(label))
    description = description.slice(0, -label.length).trim();
  return description.split(' ').length >= MIN_DESCRIPTION_WORDS && SENTENCE_END.test(description);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
