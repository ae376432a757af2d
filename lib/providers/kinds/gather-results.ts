import { ProviderError } from '../http/provider-error.js';
import type { WebSearchHit, WebSearchPage, WebSearchProvider, WebSearchRequest } from './web-search.js';

export interface GatheredResults {
  /** The unique results from `offset`, at most `limit`, in the provider's order. */
  hits: WebSearchHit[];
  /** The provider's estimate of all matches, when it gave one. */
  totalResults: number | null;
  /** Results known to exist: those counted up to the last page fetched. */
  seen: number;
  suggestions: string[];
  correction: string | null;
  pagesFetched: number;
  /** What the provider said went partly wrong (engines that did not answer), each once. */
  warnings: string[];
}

/**
 * Results `offset` to `offset + limit` of a query, a page at a time: the next page is asked for
 * only when the last one came back full and more are needed, so a query with 37 results costs two
 * pages, never `ceil((offset + limit) / pageSize)` blindly, and never more than that. A provider
 * that charges per page (`paidPages`) is asked only for the pages holding the wanted results; one
 * that pages loosely (SearXNG merges engines, so page boundaries shift) is read from its first page
 * so duplicates across pages are dropped before counting. One deadline covers every page. A failure
 * after the first page keeps what was gathered; a failure of the first is the query's failure.
 */
export async function gatherResults(
  provider: WebSearchProvider,
  request: Omit<WebSearchRequest, 'page'>,
  options: { offset?: number; limit: number; timeoutMs: number; signal?: AbortSignal },
): Promise<GatheredResults> {
  const offset = options.offset ?? 0;
  const wanted = offset + options.limit;
  const deadline = AbortSignal.timeout(Math.max(1, Math.round(options.timeoutMs)));
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const startedAt = performance.now();
  const remaining = () => Math.max(1, Math.round(options.timeoutMs - (performance.now() - startedAt)));

  const firstPage = provider.paidPages ? Math.floor(offset / provider.pageSize) : 0;
  const lastPage = Math.min(provider.maxPages, Math.ceil(wanted / provider.pageSize)) - 1;
  // Results before the first page fetched are counted, not seen.
  const before = firstPage * provider.pageSize;
  const seenKeys = new Set<string>();
  const unique: WebSearchHit[] = [];
  const warnings = new Set<string>();
  let first: WebSearchPage | null = null;
  let pagesFetched = 0;

  for (let page = firstPage; page <= lastPage; page += 1) {
    let answer: WebSearchPage;
    try {
      answer = await provider.searchPage({ ...request, page }, { signal, timeoutMs: remaining() });
    } catch (error) {
      if (first === null || !(error instanceof ProviderError)) throw error;
      break;
    }
    pagesFetched += 1;
    first ??= answer;
    for (const warning of answer.warnings ?? []) warnings.add(warning);
    for (const hit of answer.hits) {
      const key = urlKey(hit.url);
      if (seenKeys.has(key)) continue;
      seenKeys.add(key);
      unique.push(hit);
    }
    const short = answer.hits.length < provider.pageSize || !answer.morePages;
    if (short || before + unique.length >= wanted) break;
  }

  const from = Math.max(0, offset - before);
  return {
    hits: unique.slice(from, from + options.limit),
    totalResults: first?.totalResults ?? null,
    seen: pagesFetched > 0 ? before + unique.length : 0,
    suggestions: first?.suggestions ?? [],
    correction: first?.correction ?? null,
    pagesFetched,
    warnings: [...warnings],
  };
}

/** Two results are the same page when they differ only in fragment, trailing slash or host case. */
export function urlKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : '';
    return `${parsed.protocol}//${parsed.host.toLowerCase()}${path}${parsed.search}`;
  } catch {
    return url;
  }
}
