import type { ToolContext } from '../define.js';
import { fetchForTool, type ToolFetch, type ToolFetchOptions } from './fetch-for-tool.js';

/** What the page tools say when `html` and `url` both come: only the first is read. */
export const HTML_READ_WARNING = 'html was read; url was not fetched, only used to resolve relative URLs';

/** The `html` as sent, or the page `url` named, fetched through the guard and the gate. */
export type PageSource = { from: 'html'; html: string } | ({ from: 'url' } & ToolFetch);

/**
 * The `html`-or-`url` input of the page tools: supplied HTML wins and is never fetched, so robots.txt
 * and escalation do not apply to it; a `url` sent with it is not fetched either, which `urlNotFetched`
 * tells the caller. Otherwise `url` is read like any tool's page.
 */
export async function loadPageSource(
  ctx: ToolContext,
  input: { html?: string; url?: string },
  options: ToolFetchOptions & { urlNotFetched?: (url: string) => string },
): Promise<PageSource> {
  const { urlNotFetched = () => HTML_READ_WARNING, ...fetchOptions } = options;
  if (input.html !== undefined) {
    if (input.url !== undefined) ctx.warn(urlNotFetched(input.url));
    return { from: 'html', html: input.html };
  }
  // Unreachable past the schema's refine; narrows `url` for the compiler.
  if (input.url === undefined) throw new Error(`${options.tool} needs url or html`);
  return { from: 'url', ...(await fetchForTool(ctx, input.url, fetchOptions)) };
}
