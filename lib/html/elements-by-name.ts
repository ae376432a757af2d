import type { Document, Element } from 'domhandler';

/**
 * The elements of a few tag names, in document order, recorded by the parser as it makes them
 * (markup-parser.ts): a reader that wants them (the page's <meta>s, <title>, <h1>s, JSON-LD
 * <script>s: what a title and a description are read from) asks here instead of walking a tree
 * whose every node is a cache miss on a 4 MB page. Only these names: indexing every element cost
 * the parse more than the walk it saves. Valid because nothing mutates a parsed tree (see parse.ts).
 */
export const INDEXED_NAMES: ReadonlySet<string> = new Set(['meta', 'title', 'h1', 'script']);

const indexes = new WeakMap<Document, ReadonlyMap<string, readonly Element[]>>();

export function recordElementsByName(
  document: Document,
  index: ReadonlyMap<string, readonly Element[]>,
): void {
  indexes.set(document, index);
}

/**
 * The elements named `name` in document order; undefined for a name outside INDEXED_NAMES or a tree
 * our parser did not make.
 */
export function elementsNamed(document: Document, name: string): readonly Element[] | undefined {
  if (!INDEXED_NAMES.has(name)) return undefined;
  return indexes.get(document)?.get(name) ?? (indexes.has(document) ? [] : undefined);
}
