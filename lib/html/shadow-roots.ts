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
 * placed at the slots they are assigned to. `templates` are the declaring templates in document
 * order; they are composed innermost first, so a slot an outer root passes down into an inner
 * component is still found when the outer root's turn comes.
 */
export function composeShadowRoots(templates: readonly Element[]): void {
  for (let index = templates.length - 1; index >= 0; index -= 1) {
    const template = templates[index] as Element;
    const host = template.parent;
    if (host && isTag(host) && canHostShadow(host.name) && isFirstShadowRoot(host, template)) {
      attach(host, template);
    }
  }
}

function canHostShadow(name: string): boolean {
  return SHADOW_HOSTS.has(name) || name.includes('-');
}

/** A host takes only its first declarative root; the parser leaves any later one a plain template. */
function isFirstShadowRoot(host: Element, template: Element): boolean {
  for (const child of host.children) {
    if (isTag(child) && declaresShadowRoot(child.name, child.attribs)) return child === template;
  }
  return false;
}

function attach(host: Element, template: Element): void {
  const assigned = new Map<string, ChildNode[]>();
  for (const child of host.children) {
    if (child === template || child.type === 'comment') continue;
    const name = isTag(child) ? (child.attribs.slot ?? '') : '';
    const nodes = assigned.get(name);
    if (nodes) nodes.push(child);
    else assigned.set(name, [child]);
  }
  // Until a slot takes them, the host's children are out of the tree (and stay out if none does).
  for (const child of host.children) child.parent = null;
  setChildren(host, template.children);
  // The first slot of a name takes that name's children; a slot with none shows its own (fallback).
  const filled = new Set<string>();
  for (const slot of slotsIn(host)) {
    const name = slot.attribs.name ?? '';
    const nodes = filled.has(name) ? undefined : assigned.get(name);
    filled.add(name);
    replaceWith(slot, nodes ?? [...slot.children]);
  }
}

/** Slots in tree order, not looking inside templates that stayed templates (inert content). */
function slotsIn(root: ParentNode): Element[] {
  const slots: Element[] = [];
  const visit = (parent: ParentNode) => {
    for (const child of parent.children) {
      if (!isTag(child) || child.name === 'template') continue;
      if (child.name === 'slot') slots.push(child);
      visit(child);
    }
  };
  visit(root);
  return slots;
}

function replaceWith(node: Element, nodes: ChildNode[]): void {
  const parent = node.parent;
  if (!parent) return;
  const at = parent.children.indexOf(node);
  setChildren(parent, [...parent.children.slice(0, at), ...nodes, ...parent.children.slice(at + 1)]);
  node.parent = null;
}

function setChildren(parent: ParentNode, nodes: ChildNode[]): void {
  parent.children = nodes;
  nodes.forEach((node, index) => {
    node.parent = parent;
    node.prev = nodes[index - 1] ?? null;
    node.next = nodes[index + 1] ?? null;
  });
}
