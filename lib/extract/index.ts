/**
 * The extraction core: pure functions over a fetched HTML string and its URL. Tools build one
 * PageDocument per page and ask it for what they need; each output is computed once.
 */

export { CONTENT_SELECTORS, findContentElement } from './content-candidates.js';
export { htmlToMarkdown, htmlToText } from './convert.js';
export { PageDocument } from './page-document.js';
export { assertValidSelector, SelectorError } from './selector.js';
export type { StructuredItems } from './structured.js';
