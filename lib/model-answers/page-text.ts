import { PageDocument } from '../extract/page-document.js';
import type { ToolContext } from '../tools/define.js';
import { fetchForTool } from '../tools/shared/fetch-for-tool.js';

/**
 * The text a model reads: the main content of a page as markdown (structure a model uses, without
 * navigation and footers), through the guarded fetcher; text and JSON bodies as they came.
 */
export async function pageTextForModel(
  ctx: ToolContext,
  url: string,
  options: { tool: string; timeoutMs: number; respectRobots: boolean },
): Promise<{ text: string; finalUrl: string; title: string | null }> {
  const { page } = await fetchForTool(ctx, url, options);
  if (page.kind !== 'html' && page.kind !== 'xml')
    return { text: page.body, finalUrl: page.finalUrl, title: null };
  const document = PageDocument.parse(page.body, page.finalUrl);
  const markdown = document.markdown({ onlyMainContent: true });
  const text = markdown.trim() ? markdown : document.text({ onlyMainContent: false, clean: true });
  return { text, finalUrl: page.finalUrl, title: document.metadata.title };
}

/** Text cut to what fits the model, on a code point boundary, with the warning the caller sees. */
export function fitToBudget(text: string, budget: number): { text: string; warning: string | null } {
  const points = Array.from(text);
  if (points.length <= budget) return { text, warning: null };
  return {
    text: points.slice(0, budget).join(''),
    warning: `Content cut from ${points.length} to ${budget} characters to fit the model's input budget.`,
  };
}
