import type { LivePage } from '../../browser/page/live-page.js';
import type { PageMetadata } from '../../extract/metadata/index.js';
import { PageDocument } from '../../extract/page-document.js';

/**
 * `read` (docs/reference/browsers.md#browser_session): the formats asked for, from one serialisation of the live DOM. A session
 * page is often an application rather than an article, so markdown and text cover the whole page,
 * not a guessed main-content block; `html` is the DOM as serialised.
 */

export interface SessionContent {
  markdown?: string;
  html?: string;
  text?: string;
  json?: { title: string | null; metadata: PageMetadata; structured_data: unknown[] };
}

export function contentOf(page: LivePage, formats: readonly string[]): SessionContent {
  const document = PageDocument.parse(page.html, page.url);
  const scope = { onlyMainContent: false };
  const content: SessionContent = {};
  for (const format of formats) {
    if (format === 'markdown') content.markdown = document.markdown(scope);
    else if (format === 'html') content.html = page.html;
    else if (format === 'text')
      content.text = document.text({ ...scope, clean: true, preserve_formatting: true });
    else if (format === 'json') {
      const metadata = document.metadata;
      content.json = {
        title: metadata.title ?? (page.title || null),
        metadata,
        structured_data: metadata.json_ld,
      };
    }
  }
  return content;
}

/**
 * What `max_inline_chars` measures on snapshot, act and read: the characters of `content.markdown`,
 * `content.text`, `content.html` and every snapshot tree in the result.
 */
export function contentCharacters(data: Record<string, unknown>): number {
  let total = 0;
  const content = data.content as SessionContent | undefined;
  if (content)
    total += (content.markdown?.length ?? 0) + (content.text?.length ?? 0) + (content.html?.length ?? 0);
  const snapshot = data.snapshot as { tree?: string } | undefined;
  total += snapshot?.tree?.length ?? 0;
  for (const result of (data.results as Array<{ snapshot?: { tree?: string } }> | undefined) ?? []) {
    total += result.snapshot?.tree?.length ?? 0;
  }
  return total;
}
