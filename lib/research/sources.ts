import { ApiError } from '../errors/api-error.js';
import { PageDocument } from '../extract/page-document.js';
import { ProviderError } from '../providers/http/provider-error.js';
import { gatherResults, urlKey } from '../providers/kinds/gather-results.js';
import type { TimeRange, WebSearchProvider } from '../providers/kinds/web-search.js';
import { hostMatches } from '../search/target-host.js';
import type { ToolContext } from '../tools/define.js';
import { fetchForTool } from '../tools/shared/fetch-for-tool.js';

/** A search result considered as a source, with the query and rank it came from. */
export interface Candidate {
  url: string;
  title: string;
  snippet: string;
}

export interface SearchOutcome {
  candidates: Candidate[];
  failures: { query: string; error: ProviderError }[];
}

/**
 * Every planned query at once; their results merged rank by rank (the first of each query, then
 * the second of each, …) so that no single query crowds out the others, duplicates and results
 * outside `domains` left out. Throws when every query failed.
 */
export async function searchCandidates(
  provider: WebSearchProvider,
  queries: readonly string[],
  options: {
    lang: string;
    timeRange: TimeRange;
    perQuery: number;
    domains: readonly string[];
    timeoutMs: number;
    signal: AbortSignal;
  },
): Promise<SearchOutcome> {
  const settled = await Promise.allSettled(
    queries.map((query) =>
      gatherResults(
        provider,
        { query, lang: options.lang, safeSearch: false, timeRange: options.timeRange },
        { limit: options.perQuery, timeoutMs: options.timeoutMs, signal: options.signal },
      ),
    ),
  );
  const failures: SearchOutcome['failures'] = [];
  const lists: Candidate[][] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') {
      lists.push(outcome.value.hits.map((hit) => ({ url: hit.url, title: hit.title, snippet: hit.snippet })));
    } else if (outcome.reason instanceof ProviderError) {
      failures.push({ query: queries[index], error: outcome.reason });
    } else throw outcome.reason;
  });
  if (lists.length === 0) throw failures[0]?.error ?? new Error('no query ran');
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  const longest = Math.max(...lists.map((list) => list.length));
  for (let rank = 0; rank < longest; rank += 1) {
    for (const list of lists) {
      const candidate = list[rank];
      if (!candidate) continue;
      const key = urlKey(candidate.url);
      if (seen.has(key)) continue;
      seen.add(key);
      if (options.domains.length > 0 && !options.domains.some((domain) => hostMatches(candidate.url, domain)))
        continue;
      candidates.push(candidate);
    }
  }
  return { candidates, failures };
}

export interface SourceRead extends Candidate {
  domain: string;
  fetched: boolean;
  /** Main-content text of the page; null when it was not fetched. */
  text: string | null;
  /** Why it was not fetched: the error code the page fetch answered. */
  failure: { code: string; message: string } | null;
  /** The parsed page, for callers that read its markup too (agent's structured answers). */
  document: PageDocument | null;
}

export function domainOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/**
 * Reads one source through the guarded fetcher (SSRF rules, robots.txt, caps, bot walls) and the
 * extraction core. A refusal or failure is kept as an unfetched source, never the call's error.
 */
export async function readSource(
  ctx: ToolContext,
  candidate: Candidate,
  options: { tool: string; timeoutMs: number; respectRobots: boolean; escalate?: boolean },
): Promise<SourceRead & { escalated: boolean }> {
  const base = { ...candidate, domain: domainOf(candidate.url) };
  try {
    const fetched = await fetchForTool(ctx, candidate.url, {
      tool: options.tool,
      timeoutMs: options.timeoutMs,
      respectRobots: options.respectRobots,
      escalate: options.escalate,
    });
    const { page } = fetched;
    let text = page.body;
    let title = candidate.title;
    let document: PageDocument | null = null;
    if (page.kind === 'html' || page.kind === 'xml') {
      document = PageDocument.parse(page.body, page.finalUrl);
      text = document.text({ onlyMainContent: true, clean: true, preserve_formatting: true });
      title = document.metadata.title ?? candidate.title;
    }
    return { ...base, title, fetched: true, text, failure: null, document, escalated: fetched.escalated };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      ...base,
      fetched: false,
      text: null,
      failure: { code: error.code, message: error.message },
      document: null,
      escalated: false,
    };
  }
}
