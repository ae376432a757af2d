import type { CheerioAPI } from 'cheerio/slim';
import { countWords } from '../../analysis/words.js';
import { validationError } from '../../errors/api-error.js';
import { PageDocument, SelectorError } from '../../extract/index.js';
import { extractTitleAndDescription } from '../../extract/metadata/index.js';
import { isMarkdownDocument, markdownHeadline } from '../../extract/metadata/markdown-headline.js';
import { selectRequired } from '../../extract/selector.js';
import type { BodyKind } from '../../fetch/types.js';
import { type AnyNode, isElement } from '../../html/dom.js';
import { loadMarkup } from '../../html/markup-parser.js';
import { nextUrlToken } from './url-tokens.js';

/**
 * How extract_text turns one readable body into its output. Kept apart from the tool so the
 * rules of docs/reference/pages.md#extract_text (scope, formats, the `...` cut, the counters) read in one place.
 */

export type OutputFormat = 'text' | 'markdown';

export interface TextSource {
  kind: Exclude<BodyKind, 'binary'>;
  body: string;
  /** What relative links resolve against; '' for an `html` fragment sent without `url`. */
  address: string;
  /** The served type: a text body is read as Markdown when it says so (or its address does). */
  mimeType?: string | null;
}

export interface TextRequest {
  selector?: string;
  output_format: OutputFormat;
  clean: boolean;
  preserve_links: boolean;
  preserve_formatting: boolean;
}

export interface ExtractedText {
  content: string;
  title: string | null;
  description: string | null;
}

export function readExtractedText(source: TextSource, request: TextRequest): ExtractedText {
  if (source.kind === 'html' || (source.kind === 'xml' && isXhtml(source.body)))
    return htmlText(source, request);
  if (request.selector !== undefined && source.kind !== 'xml') {
    const message = `selector applies to HTML and XML; this response is ${source.kind === 'json' ? 'JSON' : 'plain text'}`;
    throw validationError(message, [{ field: 'selector', message }]);
  }
  if (source.kind === 'xml')
    return { content: xmlText(source.body, request), title: null, description: null };
  // docs/reference/pages.md#extract_text returns a JSON body "as text": as served, since reflowing it would change what it says.
  const plain = source.kind === 'text' && request.output_format === 'text' && request.clean;
  const headline =
    source.kind === 'text' && isMarkdownDocument(source.mimeType ?? null, source.address)
      ? markdownHeadline(source.body)
      : { title: null, description: null };
  return { content: plain ? cleanLines(source.body) : source.body, ...headline };
}

/**
 * "selector: whole page" (docs/reference/pages.md#extract_text): without a selector the whole rendered body is read, navigation and
 * footer included. Main-content detection is scrape's default, not this tool's: a caller who wants
 * the article names it with a selector.
 */
function htmlText(source: TextSource, request: TextRequest): ExtractedText {
  const document = PageDocument.parse(source.body, source.address);
  const scope = { selector: request.selector, onlyMainContent: false };
  try {
    const content =
      request.output_format === 'markdown'
        ? document.markdown(scope)
        : document.text({
            ...scope,
            clean: request.clean,
            preserve_links: request.preserve_links,
            preserve_formatting: request.preserve_formatting,
          });
    // Only the two fields this tool returns: the full metadata (JSON-LD, favicon, URLs) is work for nothing here.
    return { content, ...extractTitleAndDescription(document.$) };
  } catch (error) {
    if (error instanceof SelectorError)
      throw validationError(error.message, [{ field: 'selector', message: error.message }]);
    throw error;
  }
}

/** XHTML served as XML is a web page; only other XML (feeds, sitemaps) gets the line-per-element reading. */
function isXhtml(body: string): boolean {
  const root = loadMarkup(body, { xml: true })
    .root()
    .children()
    .toArray()
    .find((node) => isElement(node));
  return root?.name.toLowerCase() === 'html';
}

/**
 * An RSS item's title, link and date are separate elements that no browser lays out: read as HTML
 * they run together ("https://a/1Desc") and <title>/<link> are dropped as head tags. One line per
 * element's own text keeps each field legible.
 */
function xmlText(body: string, request: TextRequest): string {
  const $ = loadMarkup(body, { xml: true });
  const roots: AnyNode[] = request.selector ? selectXml($, request.selector) : [$.root()[0]];
  const lines: string[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!('children' in node)) continue;
    const own = node.children
      .map((child) => (child.type === 'text' || child.type === 'cdata' ? textOfXmlChild(child) : ''))
      .join('');
    if (own.trim()) lines.push(request.clean ? own.replace(/\s+/g, ' ').trim() : own);
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      if (isElement(child)) stack.push(child);
    }
  }
  return lines.join('\n');
}

function textOfXmlChild(node: AnyNode): string {
  if (node.type === 'text') return node.data;
  if (node.type === 'cdata')
    return node.children.map((child) => (child.type === 'text' ? child.data : '')).join('');
  return '';
}

function selectXml($: CheerioAPI, selector: string): AnyNode[] {
  try {
    return selectRequired($, selector);
  } catch (error) {
    if (error instanceof SelectorError)
      throw validationError(error.message, [{ field: 'selector', message: error.message }]);
    throw error;
  }
}

/** `clean` on a plain-text body: what it does to a page's text, spaces collapsed and blank lines dropped. */
function cleanLines(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

export const CUT_MARKER = '...';

/**
 * The cut keeps the result within `max_length` characters, marker included, so the caller's budget
 * holds; a surrogate pair is never split. A `max_length` under 4 leaves room for the marker alone.
 */
export function cutToLength(
  text: string,
  maxLength: number | undefined,
): { text: string; truncated: boolean } {
  if (maxLength === undefined || text.length <= maxLength) return { text, truncated: false };
  if (maxLength <= CUT_MARKER.length) return { text: CUT_MARKER.slice(0, maxLength), truncated: true };
  let end = maxLength - CUT_MARKER.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: `${text.slice(0, end).trimEnd()}${CUT_MARKER}`, truncated: true };
}

/**
 * Words of the output as a reader counts them, link targets left out so formats compare (URLs that
 * preserve_links or markdown add are addresses, not words a reader reads): the words between the
 * URLs, counted in place rather than in a copy of the text with the URLs blanked.
 */
export function wordCount(text: string): number {
  let count = 0;
  let from = 0;
  for (let url = nextUrlToken(text, 0); url !== null; url = nextUrlToken(text, from)) {
    count += countWords(text, from, url.start);
    from = url.end;
  }
  return count + countWords(text, from);
}
