import type { CheerioAPI } from 'cheerio/slim';
import { loadMarkup } from './markup-parser.js';

/**
 * A fetched page is parsed by the bot-wall gate and then again by the tool that reads it. Both
 * call this, and the second call for the same body string gets the first call's tree: one parse
 * per page instead of two. One slot is enough: the gate and the tool run back to back within one
 * call, and the slot is emptied when the tool takes the tree, so a large page is not kept alive
 * after its call. Nothing downstream mutates the tree (PageDocument and the gate only read it).
 */
let last: { html: string; $: CheerioAPI } | null = null;

export function parseHtml(html: string): CheerioAPI {
  // Same string object → O(1) identity check; a different page differs in length or early on.
  if (last && last.html === html) {
    const { $ } = last;
    last = null;
    return $;
  }
  const $ = loadMarkup(html);
  last = { html, $ };
  return $;
}
