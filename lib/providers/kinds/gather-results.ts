import { ProviderError } from '../http/provider-error.js';
import type { WebSearchHit, WebSearchPage, WebSearchProvider, WebSearchRequest } from './web-search.js';

export interface GatheredResults {
  /** Unique results from the first, in the provider's order. */
  hits: WebSearchHit[];
  totalResults: number | null;
  suggestions: string[];
  correction: string | null;
  pagesFetched: number;
}

/**
 * The first `need` unique results of a query, over as many provider pages as it takes. Enough
 * pages for `need` are asked for at once; when duplicates leave the count short, further pages
 * follow one at a time until the provider runs out. One deadline covers every page. A failure
 * after the first page keeps what was gathered; a failure of the first is the query's failure.
 */
export async function gatherResults(
  provider: WebSearchProvider,
  request: Omit<WebSearchRequest, 'page'>,
  options: { need: number; timeoutMs: number; signal?: AbortSignal },
): Promise<GatheredResults> {
  const deadline = AbortSignal.timeout(Math.max(1, Math.round(options.timeoutMs)));
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const startedAt = performance.now();
  const remaining = () => Math.max(1, Math.round(options.timeoutMs - (performance.now() - startedAt)));
  const fetchPage = (page: number) =>
    provider.searchPage({ ...request, page }, { signal, timeoutMs: remaining() });

  const seen = new Set<string>();
  const hits: WebSearchHit[] = [];
  const take = (page: WebSearchPage) => {
    let added = 0;
    for (const hit of page.hits) {
      const key = urlKey(hit.url);
      if (seen.has(key)) continue;
      seen.add(key);
      hits.push(hit);
      added += 1;
    }
    return added;
  };

  const firstBatch = Math.max(1, Math.min(provider.maxPages, Math.ceil(options.need / provider.pageSize)));
  const settled = await Promise.allSettled(Array.from({ length: firstBatch }, (_, page) => fetchPage(page)));
  const first = settled[0];
  if (first.status === 'rejected') throw first.reason;
  let pagesFetched = 0;
  let last: WebSearchPage = first.value;
  for (const outcome of settled) {
    if (outcome.status === 'rejected') return result(first.value, hits, pagesFetched);
    pagesFetched += 1;
    last = outcome.value;
    take(outcome.value);
  }
  while (hits.length < options.need && last.morePages && pagesFetched < provider.maxPages) {
    try {
      last = await fetchPage(pagesFetched);
    } catch (error) {
      if (error instanceof ProviderError) break;
      throw error;
    }
    pagesFetched += 1;
    if (take(last) === 0) break;
  }
  return result(first.value, hits, pagesFetched);
}

function result(first: WebSearchPage, hits: WebSearchHit[], pagesFetched: number): GatheredResults {
  return {
    hits,
    totalResults: first.totalResults,
    suggestions: first.suggestions,
    correction: first.correction,
    pagesFetched,
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
