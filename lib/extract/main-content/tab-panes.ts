import { type Element, isElement } from '../../html/dom.js';
import { isHiddenByName } from './patterns.js';

function classesOf(el: Element): string[] {
  return (el.attribs.class ?? '').split(/\s+/).filter(Boolean);
}

/** The element's classes without those that hide it ("hidden", "is-hidden", "d-none"). */
function visibleClasses(classes: readonly string[]): string[] {
  return classes.filter(
    (name) =>
      !isHiddenByName(
        name
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter(Boolean),
      ),
  );
}

/**
 * A pane of tabs or filters without ARIA: siblings of one tag and one class, the one on show
 * without the hiding class and the others with it, until a click moves the class (a template
 * gallery by category, a product's details beside its description). The panes are the page's
 * content a click away, not furniture.
 */
export function isPaneBesideShownTwin(el: Element): boolean {
  const parent = el.parent;
  if (!isElement(parent)) return false;
  const own = classesOf(el);
  const base = visibleClasses(own);
  if (base.length === 0 || base.length === own.length) return false;
  const key = [...base].sort().join(' ');
  for (const sibling of parent.children) {
    if (sibling === el || !isElement(sibling) || sibling.name !== el.name) continue;
    const classes = classesOf(sibling);
    const shown = visibleClasses(classes);
    if (shown.length === classes.length && [...shown].sort().join(' ') === key) return true;
  }
  return false;
}
