import type { GatheredResults } from '../../providers/kinds/gather-results.js';
import { gatherResults } from '../../providers/kinds/gather-results.js';
import type { TimeRange, WebSearchHit, WebSearchProvider } from '../../providers/kinds/web-search.js';

/** docs/reference/providers.md#limits: search_web waits 10 s for a query, every page of it included. */
export const SEARCH_TIMEOUT_MS = 10_000;

export interface SearchOptions {
  limit: number;
  offset: number;
  lang: string;
  safeSearch: boolean;
  timeRange: TimeRange;
  site?: string;
  fileType?: string;
}

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  displayLink: string;
  formattedUrl: string;
  htmlSnippet: string;
  htmlTitle: string;
  cacheId?: string;
  pagemap?: Record<string, unknown>;
}

export interface QueryResult {
  query: string;
  search_metadata: {
    total_results: number;
    results_returned: number;
    offset: number;
    search_time: number;
    lang: string;
    safe_search: boolean;
    time_range: TimeRange;
    site: string | null;
    file_type: string | null;
  };
  results: SearchResult[];
  spelling_correction: string | null;
  related_searches: string[];
}

/** The query sent to the provider: the caller's words plus the operators docs/reference/providers.md#search_web appends. */
export function providerQuery(query: string, options: Pick<SearchOptions, 'site' | 'fileType'>): string {
  return [
    query,
    options.site ? `site:${options.site}` : '',
    options.fileType ? `filetype:${options.fileType}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** One query, answered in the Google Custom Search fields of docs/reference/providers.md#search_web. Provider failures throw. */
export async function runQuery(
  provider: WebSearchProvider,
  query: string,
  options: SearchOptions,
  context: { signal: AbortSignal; timeoutMs: number; warn: (message: string) => void },
): Promise<QueryResult> {
  const started = performance.now();
  const gathered: GatheredResults = await gatherResults(
    provider,
    {
      query: providerQuery(query, options),
      lang: options.lang,
      safeSearch: options.safeSearch,
      timeRange: options.timeRange,
    },
    { offset: options.offset, limit: options.limit, timeoutMs: context.timeoutMs, signal: context.signal },
  );
  for (const warning of gathered.warnings) context.warn(warning);
  const results = gathered.hits.map(toResult);
  return {
    query,
    search_metadata: {
      // The provider's estimate when it gives one; otherwise the results it actually had.
      total_results: gathered.totalResults ?? gathered.seen,
      results_returned: results.length,
      offset: options.offset,
      search_time: Math.round(performance.now() - started) / 1000,
      lang: options.lang,
      safe_search: options.safeSearch,
      time_range: options.timeRange,
      site: options.site ?? null,
      file_type: options.fileType ?? null,
    },
    results,
    spelling_correction: gathered.correction,
    related_searches: gathered.suggestions,
  };
}

function toResult(hit: WebSearchHit): SearchResult {
  return {
    title: hit.title,
    url: hit.url,
    snippet: hit.snippet,
    displayLink: displayLink(hit.url),
    formattedUrl: formattedUrl(hit.url),
    htmlSnippet: hit.htmlSnippet,
    htmlTitle: hit.htmlTitle,
    ...(hit.cacheId ? { cacheId: hit.cacheId } : {}),
    ...(hit.pagemap ? { pagemap: hit.pagemap } : {}),
  };
}

function displayLink(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** The address as a reader sees it: percent-escapes decoded where they decode cleanly. */
function formattedUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
