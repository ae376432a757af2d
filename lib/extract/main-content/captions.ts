import { type Element, walkElements } from '../../html/dom.js';

/**
 * The captions of a story's pictures (`<figcaption>`) still in the result. Annotators of news and
 * blog posts leave them out with the photo credits they end in ("…, 2024. Jane Doe / Reuters"): a
 * caption describes the picture, not the story. Only on a page that declares a story, since the
 * figures of documentation and reference pages are captioned listings and diagrams whose captions
 * are the text ("Listing 4-1: A variable and its scope").
 */
export function findStoryCaptions(roots: readonly Element[], removed: ReadonlySet<Element>): Element[] {
  const found: Element[] = [];
  for (const root of roots)
    walkElements(root, (el) => {
      if (removed.has(el)) return false;
      if (el.name !== 'figcaption' || el === root) return true;
      found.push(el);
      return false;
    });
  return found;
}
