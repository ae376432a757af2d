import type { CallOptions } from './call-options.js';

/**
 * A web search provider, as the tools see one: one page of organic results at a time, mapped into
 * the fields of the Google Custom Search JSON API that search_web mirrors
 * (docs/reference/providers.md#search_web). SearXNG and Brave implement it; a tool never knows
 * which one answered beyond its name.
 */

export const TIME_RANGES = ['day', 'week', 'month', 'year', 'all'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

export interface WebSearchRequest {
  /** The query as sent, operators (`site:`, `filetype:`) already appended. */
  query: string;
  /** ISO 639-1. */
  lang: string;
  safeSearch: boolean;
  timeRange: TimeRange;
  /** 0-based page index. */
  page: number;
}

export interface WebSearchHit {
  title: string;
  url: string;
  snippet: string;
  /** The title as HTML, the provider's highlight markup written as `<b>`. */
  htmlTitle: string;
  htmlSnippet: string;
  /** Only where the provider has such a thing. */
  cacheId?: string;
  pagemap?: Record<string, unknown>;
}

export interface WebSearchPage {
  hits: WebSearchHit[];
  /** The provider's estimate of all matches, when it gives one. */
  totalResults: number | null;
  /** Related queries the provider suggests. */
  suggestions: string[];
  /** The provider's spelling correction of the query, when it made one. */
  correction: string | null;
  /** false when the provider says no further page exists. */
  morePages: boolean;
  /** What went partly wrong while still answering (SearXNG engines that did not answer). */
  warnings?: string[];
}

export interface WebSearchProvider {
  readonly name: 'searxng' | 'brave';
  /** Results a full page holds. */
  readonly pageSize: number;
  /** Pages the provider serves for one query (Brave: offsets 0–9). */
  readonly maxPages: number;
  /**
   * Each page is billed and pages have fixed boundaries (Brave): a page whose results fall before
   * the wanted offset is never asked for.
   */
  readonly paidPages: boolean;
  searchPage(request: WebSearchRequest, options: CallOptions): Promise<WebSearchPage>;
}
