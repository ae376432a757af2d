import { PageDocument } from '../../extract/page-document.js';
import type { ToolContext } from '../define.js';
import { fetchForTool } from './fetch-for-tool.js';

export interface ArticleMetadata {
  title: string | null;
  description: string | null;
  author: string | null;
  publish_date: string | null;
}

export interface ArticleText {
  /** Main-content text of an HTML page, paragraphs on their own lines; the body itself for text and JSON. */
  text: string;
  finalUrl: string;
  metadata: ArticleMetadata;
}

/**
 * The `url` form of the text tools (analyze_content, summarize_content): fetch through the
 * guard and the gate, then read the article rather than the whole page, so navigation and
 * footers do not become "sentences" or "keywords".
 */
export async function loadArticleText(
  ctx: ToolContext,
  url: string,
  options: { tool: string; timeoutMs: number; respectRobots: boolean },
): Promise<ArticleText> {
  const { page } = await fetchForTool(ctx, url, options);
  if (page.kind !== 'html' && page.kind !== 'xml') {
    return {
      text: page.body,
      finalUrl: page.finalUrl,
      metadata: { title: null, description: null, author: null, publish_date: null },
    };
  }
  const document = PageDocument.parse(page.body, page.finalUrl);
  const metadata = document.metadata;
  return {
    text: document.text({ onlyMainContent: true, clean: true, preserve_formatting: true }),
    finalUrl: page.finalUrl,
    metadata: {
      title: metadata.title,
      description: metadata.description,
      author: metadata.author,
      publish_date: metadata.published_time,
    },
  };
}

/**
 * The `url`-or-`content` input of the text tools: `url` wins, and a `content` sent beside it is
 * ignored with a warning. `page` is null when the text was supplied.
 */
export async function loadTextSource(
  ctx: ToolContext,
  input: { url?: string; content?: string; timeout: number; respect_robots: boolean },
  tool: string,
): Promise<{ text: string; page: ArticleText | null }> {
  if (input.url === undefined) return { text: input.content ?? '', page: null };
  if (input.content !== undefined) ctx.warn('content ignored: url wins when both are sent');
  const page = await loadArticleText(ctx, input.url, {
    tool,
    timeoutMs: input.timeout,
    respectRobots: input.respect_robots,
  });
  return { text: page.text, page };
}
