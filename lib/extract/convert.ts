import { PageDocument, type ScopeOptions } from './page-document.js';
import type { TextOptions } from './text.js';

/**
 * Text of a page for extract_text: the whole page unless `selector` (or `onlyMainContent`) narrows
 * it. Throws SelectorError for an invalid or non-matching selector.
 */
export function htmlToText(html: string, url: string, options: TextOptions & ScopeOptions = {}): string {
  return PageDocument.parse(html, url).text({ onlyMainContent: false, ...options });
}

/** Markdown of a page: the whole page unless `selector` or `onlyMainContent` narrows it. */
export function htmlToMarkdown(html: string, url: string, options: ScopeOptions = {}): string {
  return PageDocument.parse(html, url).markdown({ onlyMainContent: false, ...options });
}
