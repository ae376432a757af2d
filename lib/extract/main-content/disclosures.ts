import { type Element, isElement, walkElements } from '../../html/dom.js';
import { isFurnitureLine, MAX_FURNITURE_LINE_CHARS } from './label-words.js';
import type { TextMeasure } from './text-measure.js';

export interface Disclosures {
  /** Collapsed panels of prose: content a click away, read although hidden. */
  panels: ReadonlySet<Element>;
  /** The controls that open them: their text is the panel's heading (a question, a course name). */
  triggers: ReadonlySet<Element>;
  /** Ancestors of the panels and of `role="tabpanel"` elements: widgets holding content. */
  holders: ReadonlySet<Element>;
}

/** A panel whose text is mostly links is a menu a button opens, not an answer or a description. */
const MAX_PANEL_LINK_SHARE = 0.5;

/**
 * The WAI-ARIA disclosure and accordion patterns: a control with `aria-expanded` names the panel it
 * opens in `aria-controls`, and the panel stays hidden (display:none, height 0 and visibility
 * hidden) until the reader clicks. FAQ answers, course descriptions and product details ship that
 * way, and annotated pages keep them with their questions as headings. Menus and pickers use the
 * same pattern; their panels are links, and stay out.
 */
export function findDisclosures(root: Element, measure: TextMeasure): Disclosures {
  const triggerOf = new Map<string, Element>();
  walkElements(root, (el) => {
    if (el.type !== 'tag') return false;
    const controls = el.attribs['aria-controls'];
    if (controls && el.attribs['aria-expanded'] !== undefined)
      for (const id of controls.split(/\s+/)) if (id) triggerOf.set(id, el);
    return true;
  });
  const panels = new Set<Element>();
  const triggers = new Set<Element>();
  const holders = new Set<Element>();
  const hold = (panel: Element) => {
    for (let p = panel.parent; isElement(p) && !holders.has(p); p = p.parent) holders.add(p);
  };
  walkElements(root, (el) => {
    if (el.type !== 'tag') return false;
    if (el.attribs.role === 'tabpanel') hold(el);
    const trigger = el.attribs.id ? triggerOf.get(el.attribs.id) : undefined;
    if (!trigger) return true;
    const size = measure.size(el);
    if (size.text === 0 || size.link > size.text * MAX_PANEL_LINK_SHARE) return false;
    panels.add(el);
    hold(el);
    const label = measure.smallTextContent(trigger, MAX_FURNITURE_LINE_CHARS);
    if (label === null || (label !== '' && !isFurnitureLine(label))) triggers.add(trigger);
    return false;
  });
  return { panels, triggers, holders };
}
