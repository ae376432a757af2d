import type { LinkRecord } from '../extract/links.js';
import type { PageMetadata } from '../extract/metadata/index.js';
import { isMarkdownDocument, markdownHeadline } from '../extract/metadata/markdown-headline.js';
import { PageDocument } from '../extract/page-document.js';
import type { FetchedPage } from '../fetch/types.js';

/** The page formats scrape, crawl_deep, scrape_with_actions and stealth_mode return by name. */
export const PAGE_FORMATS = ['markdown', 'html', 'rawHtml', 'text', 'links', 'metadata'] as const;
export type PageFormat = (typeof PAGE_FORMATS)[number];

export interface PageFormats {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  text?: string;
  links?: LinkRecord[];
  metadata?: PageMetadata;
}

/** What every format is derived from: one parse of the one fetched body. */
interface FormatSource {
  markdown(): string;
  html(): string;
  text(): string;
  links(): LinkRecord[];
  metadata(): PageMetadata;
}

/**
 * The page formats asked for, in the order asked, plus markdown when `withMarkdown` (highlights and
 * answers index it even when it is not returned). `onlyMainContent` scopes markdown, html and text;
 * rawHtml is the body as served, and links and metadata describe the whole page.
 */
export function renderPageFormats(
  page: FetchedPage,
  names: readonly PageFormat[],
  options: { onlyMainContent: boolean; withMarkdown: boolean },
): PageFormats {
  const source = formatSource(page, options.onlyMainContent);
  const out: PageFormats = {};
  for (const name of names) {
    if (name === 'rawHtml') out.rawHtml = page.body;
    else if (name === 'links') out.links = source.links();
    else if (name === 'metadata') out.metadata = source.metadata();
    else out[name] = source[name]();
  }
  if (options.withMarkdown && out.markdown === undefined) out.markdown = source.markdown();
  return out;
}

function formatSource(page: FetchedPage, onlyMainContent: boolean): FormatSource {
  if (page.kind === 'html' || page.kind === 'xml') {
    const document = PageDocument.parse(page.body, page.finalUrl);
    const scope = { onlyMainContent };
    return {
      markdown: () => document.markdown(scope),
      html: () => document.cleanHtml(scope),
      text: () => document.text({ ...scope, clean: true, preserve_formatting: true }),
      links: () => document.links().links,
      metadata: () => document.metadata,
    };
  }
  // A text or JSON body has no markup to convert or scope: it is its own markdown and text.
  return {
    markdown: () => page.body,
    html: () => `<pre>${escapeHtml(page.body)}</pre>`,
    text: () => page.body,
    links: () => [],
    metadata: () => {
      const empty = PageDocument.parse('', page.finalUrl).metadata;
      const markdown = page.kind === 'text' && isMarkdownDocument(page.mimeType, page.finalUrl);
      return markdown ? { ...empty, ...markdownHeadline(page.body) } : empty;
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}
