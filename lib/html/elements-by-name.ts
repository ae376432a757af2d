import type { Document, Element } from 'domhandler';

/**
 * The elements of each tag name, in document order, recorded by the parser as it makes them
 * (markup-parser.ts): a reader that wants a few kinds of element (the page's <meta>s, <title>,
 * <h1>s) asks here instead of walking a tree whose every node is a cache miss on a 4 MB page.
 * Valid because nothing mutates a parsed tree (see parse.ts).
 */
export type ElementsByName = ReadonlyMap<string, readonly Element[]>;

const indexes = new WeakMap<Document, ElementsByName>();

export function recordElementsByName(document: Document, index: ElementsByName): void {
  indexes.set(document, index);
}

/** The index of a document our parser made; undefined for a tree built any other way. */
export function elementsByName(document: Document): ElementsByName | undefined {
  return indexes.get(document);
}
