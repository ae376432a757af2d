import { PageDocument } from '../../lib/extract/index.js';

/** What `onlyMainContent: true` gives as plain text: the main-content fixture tests' one question. */
export function mainText(html: string, url = 'https://site.example/page'): string {
  return PageDocument.parse(html, url).text({ onlyMainContent: true });
}
