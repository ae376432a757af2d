import type { CallOptions } from './call-options.js';

/** A SERP provider: the organic results of one Google search as a rank tracker sees them. */
export interface SerpRequest {
  keyword: string;
  /** `location_code` wins over `location_name` when both are given. */
  locationName?: string;
  locationCode?: number;
  languageCode: string;
  device: 'desktop' | 'mobile';
  /** How many results to scan (10–200). */
  depth: number;
}

export interface SerpItem {
  /** 1-based position among the organic results. */
  position: number;
  /** Position among every element of the page (ads, packs, snippets included). */
  absolutePosition: number;
  url: string;
  domain: string;
  title: string;
}

export interface SerpAnswer {
  organic: SerpItem[];
  /** The search engine's own estimate of all matches. */
  seResultsCount: number | null;
  /** A URL that opens the same search in a browser. */
  checkUrl: string | null;
}

export interface SerpProvider {
  readonly name: string;
  organicResults(request: SerpRequest, options: CallOptions): Promise<SerpAnswer>;
}
