/**
 * The extraction core: pure functions over a fetched HTML string and its URL. Tools build one
 * PageDocument per page and ask it for what they need; each output is computed once.
 */

export type { Element } from '../html/dom.js';
export { CONTENT_SELECTORS, type ContentElement, findContentElement } from './content-candidates.js';
export { htmlToMarkdown, htmlToText } from './convert.js';
export type { LinkExtraction, LinkOptions, LinkRecord, LinkStatistics, LinkType } from './links.js';
export type { AlternateLanguage } from './localization.js';
export type { MainContent, MainContentMethod } from './main-content/index.js';
export type { PageMetadata } from './metadata/index.js';
export { PageDocument, type PageDocumentOptions, type ScopeOptions } from './page-document.js';
export { assertValidSelector, SelectorError, type SelectorProblem } from './selector.js';
export type { FieldValue, StructuredItems, StructuredOptions, StructuredRecord } from './structured.js';
export type { TextOptions } from './text.js';
