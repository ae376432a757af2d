import type { CheerioAPI } from 'cheerio/slim';
import { type Element, type ElementFilter, isElement } from '../html/dom.js';
import { hiddenByAttribute } from '../html/hidden.js';
import { loadMarkup } from '../html/markup-parser.js';
import { parseHtml } from '../html/parse.js';
import { type ContentElement, findContentElement } from './content-candidates.js';
import { buildCleanTree, type CleanNode } from './html/clean-tree.js';
import { wrapsHiddenFormula } from './html/math.js';
import { printCleanHtml } from './html/serialize.js';
import { collectImages } from './images.js';
import { extractLinks, type LinkExtraction, type LinkOptions } from './links.js';
import { type AlternateLanguage, contentLanguageMeta, hreflangAlternates, htmlLang } from './localization.js';
import { extractMainContent, type MainContent } from './main-content/index.js';
import { renderMarkdown } from './markdown/render-markdown.js';
import { extractMetadata, jsonLdArticleBody, type PageMetadata } from './metadata/index.js';
import { selectRequired } from './selector.js';
import {
  type StructuredItems,
  type StructuredOptions,
  type StructuredRecord,
  scrapeStructured,
} from './structured.js';
import { nodesToText, type TextOptions } from './text.js';
import { resolveBaseUrl } from './urls.js';

export interface PageDocumentOptions {
  /** Overrides `<base href>` for every URL the page yields (extract_links' and scrape_structured's `base_url`). */
  baseUrl?: string;
}

/**
 * What part of the page an output covers. `selector` wins over `onlyMainContent`; without either the
 * main content is used (scrape's default). A selector that is invalid or matches nothing throws
 * SelectorError.
 */
export interface ScopeOptions {
  onlyMainContent?: boolean;
  selector?: string;
}

interface Scope {
  roots: Element[];
  removed: ElementFilter;
}

/** Rendered by no browser: left out of page-scope and selector-scope output. */
const NOT_RENDERED = new Set([
  'head',
  'title',
  'noscript',
  'template',
  'svg',
  'iframe',
  'object',
  'select',
  'datalist',
]);

function isNotRenderedItself(el: Element): boolean {
  const a = el.attribs;
  return (
    el.type !== 'tag' ||
    NOT_RENDERED.has(el.name) ||
    hiddenByAttribute(a) ||
    (a.style !== undefined && /display\s*:\s*none/i.test(a.style) && !wrapsHiddenFormula(el))
  );
}

/**
 * Left out of page and selector scope: an element no browser renders whose ancestors all are
 * rendered (inside one that is not, nothing is read). Decided for the elements the readers meet,
 * as they meet them: a set of them made beforehand cost a walk of every element of the page.
 */
const NOT_RENDERED_FILTER: ElementFilter = {
  has(el: Element): boolean {
    if (!isNotRenderedItself(el)) return false;
    for (let up = el.parent; up && isElement(up); up = up.parent) if (isNotRenderedItself(up)) return false;
    return true;
  },
};

/**
 * htmlparser2 adds no implied <html>/<body>: a fragment (the `html` input of a tool, often) is parsed
 * again inside a <body>, so every consumer can count on one root element.
 */
function parseDocument(html: string): CheerioAPI {
  const $ = parseHtml(html);
  if (documentRoot($)) return $;
  return loadMarkup(`<body>${html}</body>`);
}

/**
 * <body>, else <html>, looked up among the top two levels only: htmlparser2 never nests them deeper,
 * and a `$('body')` query would walk the whole document to find all of them.
 */
function documentRoot($: CheerioAPI): Element | null {
  let html: Element | null = null;
  for (const node of $.root()[0].children) {
    if (!isElement(node)) continue;
    if (node.name === 'body') return node;
    if (node.name === 'html') {
      html ??= node;
      for (const child of node.children) if (isElement(child) && child.name === 'body') return child;
    }
  }
  return html;
}

/**
 * One fetched page, parsed once (cheerio in htmlparser2 mode, ~47 MB/s) and never modified; every
 * output is derived lazily on first use and cached, so `scrape` with several formats parses and finds
 * the main content once.
 */
export class PageDocument {
  readonly $: CheerioAPI;
  readonly baseUrl: string;
  private readonly contentRoot: Element;
  private readonly cache = new Map<string, unknown>();

  constructor(
    readonly html: string,
    readonly url: string,
    options: PageDocumentOptions = {},
  ) {
    this.$ = parseDocument(html);
    this.baseUrl = resolveBaseUrl(this.$, url, options.baseUrl);
    this.contentRoot = documentRoot(this.$)!;
  }

  static parse(html: string, url: string, options?: PageDocumentOptions): PageDocument {
    return new PageDocument(html, url, options);
  }

  private memo<T>(key: string, compute: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, compute());
    return this.cache.get(key) as T;
  }

  get metadata(): PageMetadata {
    return this.memo('metadata', () => extractMetadata(this.$, this.baseUrl));
  }

  get mainContent(): MainContent {
    return this.memo('main', () => {
      const hint = jsonLdArticleBody(this.metadata.json_ld) ?? undefined;
      const title = this.metadata.title ?? undefined;
      return extractMainContent(this.contentRoot, { articleBodyHint: hint, titleHint: title });
    });
  }

  private scope(options: ScopeOptions): Scope {
    if (options.selector)
      return { roots: selectRequired(this.$, options.selector), removed: NOT_RENDERED_FILTER };
    if (options.onlyMainContent ?? true) return this.mainContent;
    return { roots: [this.contentRoot], removed: NOT_RENDERED_FILTER };
  }

  private scopeKey(options: ScopeOptions): string {
    if (options.selector) return `selector:${options.selector}`;
    return (options.onlyMainContent ?? true) ? 'main' : 'page';
  }

  /** The scope reduced to its content (see clean-tree.ts); html and markdown are both written from it. */
  private cleanTree(options: ScopeOptions): CleanNode[] {
    return this.memo(`tree:${this.scopeKey(options)}`, () => {
      const { roots, removed } = this.scope(options);
      return buildCleanTree(roots, { removed, baseUrl: this.baseUrl });
    });
  }

  /** Clean HTML of the scope: furniture, scripts, classes and styles removed, URLs absolute. */
  cleanHtml(options: ScopeOptions = {}): string {
    return this.memo(`html:${this.scopeKey(options)}`, () => printCleanHtml(this.cleanTree(options)));
  }

  /** GFM markdown of the scope. */
  markdown(options: ScopeOptions = {}): string {
    return this.memo(`markdown:${this.scopeKey(options)}`, () => renderMarkdown(this.cleanTree(options)));
  }

  /** Plain text of the scope with extract_text's options. */
  text(options: ScopeOptions & TextOptions = {}): string {
    const key = `text:${this.scopeKey(options)}:${options.clean ?? true}:${!!options.preserve_links}:${!!options.preserve_formatting}`;
    return this.memo(key, () => {
      const { roots, removed } = this.scope(options);
      return nodesToText(roots, { baseUrl: this.baseUrl, removed }, options);
    });
  }

  /** docs/reference/pages.md#extract_links link records of the whole page, or of the subtree under `within`. */
  links(options: LinkOptions = {}, within?: Element): LinkExtraction {
    return extractLinks(this.$, this.url, this.baseUrl, options, within);
  }

  /** Absolute, deduplicated image URLs of the scope. */
  images(options: ScopeOptions = {}): string[] {
    const { roots, removed } = this.scope(options);
    return collectImages(roots, this.baseUrl, removed);
  }

  /** extract_content's container: first of <article>, <main>, .content, #content, else <body>. */
  contentElement(): ContentElement {
    return this.memo('content-element', () => findContentElement(this.$));
  }

  /** Plain text of one element (extract_content's container), furniture-free only by tag. */
  elementText(element: Element, options: TextOptions = {}): string {
    return nodesToText([element], { baseUrl: this.baseUrl, removed: NOT_RENDERED_FILTER }, options);
  }

  /** The element's inner HTML as the page wrote it (extract_content with clean_html: false). */
  innerHtml(element: Element): string {
    return this.$(element).html() ?? '';
  }

  /** hreflang alternates in document order, x-default included. */
  get alternates(): AlternateLanguage[] {
    return this.memo('alternates', () => hreflangAlternates(this.$, this.baseUrl));
  }

  get htmlLang(): string | null {
    return htmlLang(this.$);
  }

  get contentLanguageMeta(): string | null {
    return contentLanguageMeta(this.$);
  }

  /** scrape_structured over this page. */
  structured(
    selectors: Record<string, string>,
    options: StructuredOptions = {},
  ): StructuredRecord | StructuredItems {
    return scrapeStructured(this.$, selectors, this.baseUrl, options);
  }
}
