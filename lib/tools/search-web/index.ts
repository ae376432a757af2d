import type { RedactionBlock } from '../../extract/redact.js';
import { notConfigured } from '../../providers/configured/not-configured.js';
import { WEB_SEARCH_VARIABLES, webSearchProvider } from '../../providers/configured/web-search.js';
import { everyFailureAs, providerApiError } from '../../providers/http/api-error.js';
import { providerTimeout } from '../../providers/http/provider-request.js';
import { defineTool } from '../define.js';
import { redactIfRequested } from '../shared/redaction.js';
import { searchWebResult } from './result-schema.js';
import { type QueryResult, runQuery, SEARCH_TIMEOUT_MS, type SearchOptions } from './run-query.js';
import { type SearchWebInput, searchWebSchema } from './schema.js';

/** docs/reference/README.md#credits: 5 credits, per query answered in a batch. */
const PRICE_PER_QUERY = 5;

type FailedQuery = { query: string; error: string; error_code: string };

export interface SearchWebBatch {
  queries: string[];
  count: number;
  results_by_query: (QueryResult | FailedQuery)[];
  redaction?: RedactionBlock;
}

export type SearchWebData = (QueryResult & { redaction?: RedactionBlock }) | SearchWebBatch;

export const searchWebTool = defineTool({
  name: 'search_web',
  kind: 'providers',
  summary: 'Web search results in the Google Custom Search fields, one query or a batch of up to 10.',
  description:
    'Searches the web through the configured provider (a SearXNG instance or the Brave Search API) and ' +
    'answers in the fields of the Google Custom Search JSON API: title, url, snippet, displayLink, formattedUrl, ' +
    'htmlTitle and htmlSnippet (highlights as <b>), plus spelling_correction and related_searches. `limit` ' +
    'results are gathered across as many provider pages as it takes, in the provider order without duplicates. ' +
    `Needs ${WEB_SEARCH_VARIABLES}; without them it answers 503 TOOL_NOT_AVAILABLE, uncharged.`,
  price: (input) => PRICE_PER_QUERY * (input.queries?.length ?? 1),
  basePrice: PRICE_PER_QUERY,
  pricingNotes: [
    `${PRICE_PER_QUERY} credits per query. A batch holds ${PRICE_PER_QUERY} × queries and charges ${PRICE_PER_QUERY} for each query answered; one whose provider call failed is free, so a batch where every query fails charges 0.`,
  ],
  schema: searchWebSchema,
  result: searchWebResult,
  example: { query: 'http retry-after header', limit: 5 },
  async run(ctx, input): Promise<{ data: SearchWebData; credits: number }> {
    const provider = webSearchProvider(ctx.services.config);
    if (!provider) throw notConfigured('search_web', 'a web search provider', WEB_SEARCH_VARIABLES);
    const options = searchOptions(input);
    const timeoutMs = providerTimeout(SEARCH_TIMEOUT_MS, ctx.services.config.PROVIDER_TIMEOUT_MS);
    const batch = input.query === undefined;
    const search = (query: string) =>
      runQuery(provider, query, options, {
        signal: ctx.signal,
        timeoutMs,
        warn: (message) => ctx.warn(batch ? `${query}: ${message}` : message),
      });

    if (input.query !== undefined) {
      let answer: QueryResult;
      try {
        answer = await search(input.query);
      } catch (error) {
        // docs/reference/providers.md#errors: a single query's upstream error, quota or timeout is 500 TOOL_ERROR.
        throw providerApiError(error, {
          tool: 'search_web',
          what: 'search provider',
          map: SINGLE_QUERY_ERRORS,
        });
      }
      return { data: redacted(answer, input), credits: PRICE_PER_QUERY };
    }
    return runBatch(input.queries ?? [], search, input);
  },
});

const SINGLE_QUERY_ERRORS = everyFailureAs('TOOL_ERROR', 500);

async function runBatch(
  queries: string[],
  search: (query: string) => Promise<QueryResult>,
  input: SearchWebInput,
): Promise<{ data: SearchWebBatch; credits: number }> {
  const settled = await Promise.allSettled(queries.map(search));
  const entries = settled.map((outcome, index): QueryResult | FailedQuery => {
    if (outcome.status === 'fulfilled') return outcome.value;
    const error = providerApiError(outcome.reason, {
      tool: 'search_web',
      what: 'search provider',
      map: SINGLE_QUERY_ERRORS,
    });
    return { query: queries[index], error: error.message, error_code: error.code };
  });
  const answered = entries.filter((entry) => !('error' in entry)).length;
  // Redacted as one value so the block counts every entry; the echoed queries are left alone.
  const { value, redaction } = redactIfRequested(
    entries.map((entry) =>
      'error' in entry ? null : { results: entry.results, related_searches: entry.related_searches },
    ),
    input.redact_pii,
  );
  const results_by_query = entries.map((entry, index) => {
    const parts = value[index];
    return parts && !('error' in entry) ? { ...entry, ...parts } : entry;
  });
  return {
    data: { queries, count: queries.length, results_by_query, ...(redaction ? { redaction } : {}) },
    credits: PRICE_PER_QUERY * answered,
  };
}

function redacted(answer: QueryResult, input: SearchWebInput): QueryResult & { redaction?: RedactionBlock } {
  const { value, redaction } = redactIfRequested(
    { results: answer.results, related_searches: answer.related_searches },
    input.redact_pii,
  );
  return { ...answer, ...value, ...(redaction ? { redaction } : {}) };
}

function searchOptions(input: SearchWebInput): SearchOptions {
  return {
    limit: input.limit,
    offset: input.offset,
    lang: input.lang ?? 'en',
    safeSearch: input.safe_search,
    timeRange: input.time_range,
    site: input.site,
    fileType: input.file_type,
  };
}
