import type { Cheerio, CheerioAPI } from 'cheerio/slim';
import type { AnyNode } from 'domhandler';
import { nodesToText } from '../../../extract/text.js';
import { toAbsoluteWebUrl } from '../../../extract/urls.js';
import { loadMarkup } from '../../../html/markup-parser.js';
import { parseHtml } from '../../../html/parse.js';

/** The tree of a fetched page: the bot-wall gate parsed it already, and this reuses that parse. */
export function parsePage(html: string): CheerioAPI {
  return parseHtml(html);
}

/** Text of the first match, whitespace collapsed; null when nothing matches or it is empty. */
export function firstText($: CheerioAPI, selector: string, scope?: Cheerio<AnyNode>): string | null {
  const found = scope ? scope.find(selector).first() : $(selector).first();
  if (found.length === 0) return null;
  const value = found.text().replace(/\s+/g, ' ').trim();
  return value === '' ? null : value;
}

export function firstAttr(
  $: CheerioAPI,
  selector: string,
  name: string,
  scope?: Cheerio<AnyNode>,
): string | null {
  const found = scope ? scope.find(selector).first() : $(selector).first();
  const value = found.attr(name)?.trim();
  return value ? value : null;
}

export function metaContent($: CheerioAPI, key: string): string | null {
  return firstAttr($, `meta[property="${key}"], meta[name="${key}"]`, 'content');
}

/** Texts of every match, empty ones dropped. */
export function allTexts($: CheerioAPI, selector: string, scope?: Cheerio<AnyNode>): string[] {
  const found = scope ? scope.find(selector) : $(selector);
  return found
    .toArray()
    .map((node) => $(node).text().replace(/\s+/g, ' ').trim())
    .filter((value) => value !== '');
}

export function absoluteUrl(href: string | null | undefined, base: string): string | null {
  return toAbsoluteWebUrl(href ?? undefined, base);
}

/**
 * An HTML fragment (a job description, a post body) as readable plain text: paragraphs apart,
 * list items bulleted, entities decoded.
 */
export function htmlToText(html: string | null | undefined, baseUrl = ''): string | null {
  if (!html || html.trim() === '') return null;
  const $ = loadMarkup(html);
  const value = nodesToText([$.root()[0]], { baseUrl }, { preserve_formatting: true }).trim();
  return value === '' ? null : value;
}

/** Text of an element subtree with paragraphs kept apart. */
export function blockText(element: Cheerio<AnyNode>, baseUrl: string): string | null {
  if (element.length === 0) return null;
  const value = nodesToText(element.toArray(), { baseUrl }, { preserve_formatting: true }).trim();
  return value === '' ? null : value;
}

/** Decodes HTML entities once: a platform that escapes its HTML (`&lt;p&gt;`) gets its markup back. */
export function decodeEntities(value: string): string {
  // `<` escaped first, so nothing in the value can open an element: only its entities are read.
  return loadMarkup(`<div>${value.replace(/</g, '&lt;')}</div>`)('div').text();
}
