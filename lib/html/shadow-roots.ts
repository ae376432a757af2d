import { type ChildNode, type Element, isTag, type ParentNode } from 'domhandler';

/**
 * Declarative shadow DOM: a server-rendered web component (Lit, Stencil, Enhance, and the pages
 * built on them) sends its content as `<template shadowrootmode="open">` inside the element. A
 * browser attaches that template as the element's shadow root and renders it, with the element's
 * own children shown at the `<slot>`s. A reader that treats it as a plain template (inert, not
 * rendered) loses the content, sometimes the whole article. Composing the roots in place right
 * after the parse gives every reader (text, markdown, main content, the wall check) the tree a
 * visitor sees.
 */

/** The elements `attachShadow` accepts (DOM standard), besides custom elements (a name with a dash). */
const SHADOW_HOSTS = new Set([
  'article',
  'aside',
  'blockquote',
  'body',
  'div',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'main',
  'nav',
  'p',
  'section',
  'span',
]);

const MODES = new Set(['open', 'closed']);

/** True for a template the HTML parser turns into a shadow root (`shadowroot` is Chromium's older name). */
export function declaresShadowRoot(name: string, attribs: Record<string, string>): boolean {
  if (name !== 'template') return false;
  const mode = attribs.shadowrootmode ?? attribs.shadowroot;
  return mode !== undefined && MODES.has(mode.toLowerCase());
}

/**
 * Replaces each shadow host's children with its shadow root's content, the host's own children
 * placed at the slots they are assigned to. `templates` are the declaring templates and `slots` every
 * `<slot>`, each in document order, as the parser met them. Roots are composed innermost first, so a
 * slot an outer root passes down into an inner component is still the outer root's when its turn
 * comes. Each slot's root is found once, from the tree as parsed, so a page of deeply nested
 * components costs the nesting depth per slot, never a walk of the page per component.
 */
export function composeShadowRoots(templates: readonly Element[], slots: readonly Element[]): void {
  const firstOfHost = new Map<ParentNode, Element>();
  for (const template of templates) {
    if (template.parent && !firstOfHost.has(template.parent)) firstOfHost.set(template.parent, template);
  }
  const slotsOf = slotsByRoot(slots);
  for (let index = templates.length - 1; index >= 0; index -= 1) {
    const template = templates[index] as Element;
    const host = template.parent;
    // A host takes only its first declarative root; the parser leaves any later one a plain template.
    if (host && isTag(host) && canHostShadow(host.name) && firstOfHost.get(host) === template) {
      attach(host, template, slotsOf.get(template) ?? []);
    }
  }
}

function canHostShadow(name: string): boolean {
  return SHADOW_HOSTS.has(name) || name.includes('-');
}

/** Each slot under the template it was parsed in; a slot inside a plain template stays inert. */
function slotsByRoot(slots: readonly Element[]): Map<Element, Element[]> {
  const byRoot = new Map<Element, Element[]>();
  for (const slot of slots) {
    let up = slot.parent;
    while (up && !(isTag(up) && up.name === 'template')) up = up.parent;
    if (!up || !isTag(up) || !declaresShadowRoot(up.name, up.attribs)) continue;
    const own = byRoot.get(up);
    if (own) own.push(slot);
    else byRoot.set(up, [slot]);
  }
  return byRoot;
}

function attach(host: Element, template: Element, slots: readonly Element[]): void {
  const assigned = new Map<string, ChildNode[]>();
  for (const child of host.children) {
    // Until a slot takes them, the host's children are out of the tree (and stay out if none does).
    child.parent = null;
    if (child === template || child.type === 'comment') continue;
    const name = isTag(child) ? (child.attribs.slot ?? '') : '';
    const nodes = assigned.get(name);
    if (nodes) nodes.push(child);
    else assigned.set(name, [child]);
  }
  setChildren(host, template.children);
  // The first slot of a name takes that name's children; a slot with none shows its own (fallback).
  const taken = new Map<Element, ChildNode[] | null>();
  const names = new Set<string>();
  for (const slot of slots) {
    const name = slot.attribs.name ?? '';
    taken.set(slot, names.has(name) ? null : (assigned.get(name) ?? null));
    names.add(name);
  }
  const expand = (node: ChildNode): ChildNode[] => {
    if (!isTag(node) || !taken.has(node)) return [node];
    return taken.get(node) ?? node.children.flatMap(expand);
  };
  const parents = new Set<ParentNode>();
  for (const slot of slots) if (slot.parent) parents.add(slot.parent);
  for (const parent of parents) setChildren(parent, parent.children.flatMap(expand));
  for (const slot of slots) slot.parent = null;
}

function setChildren(parent: ParentNode, nodes: ChildNode[]): void {
  parent.children = nodes;
  nodes.forEach((node, index) => {
    node.parent = parent;
    node.prev = nodes[index - 1] ?? null;
    node.next = nodes[index + 1] ?? null;
  });
}
