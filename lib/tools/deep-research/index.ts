import { ApiError } from '../../errors/api-error.js';
import { WEB_SEARCH_VARIABLES, webSearchProvider } from '../../providers/configured/web-search.js';
import { providerApiError } from '../../providers/http/api-error.js';
import { providerTimeout } from '../../providers/http/provider-request.js';
import { type Finding, rankFindings, summarise } from '../../research/passages.js';
import { planQueries } from '../../research/plan.js';
import { type Candidate, readSource, type SourceRead, searchCandidates } from '../../research/sources.js';
import { termsOf } from '../../research/terms.js';
import { defineTool } from '../define.js';
import { deepResearchResult } from './result-schema.js';
import { DEPTH_PLAN, type DeepResearchInput, deepResearchSchema } from './schema.js';

const SEARCH_TIMEOUT_MS = 10_000;
/** Each source's fetch; all run at once, so this is also about the whole reading step. */
const SOURCE_TIMEOUT_MS = 8_000;
const MAX_FINDINGS = 10;
const FINDINGS_PER_SOURCE = 3;

export interface DeepResearchData {
  research_query: string;
  methodology: {
    queries_run: number;
    queries: string[];
    search_backend: string;
    sources_considered: number;
    sources_fetched: number;
    synthesis: 'extractive';
    llm_used: false;
  };
  key_findings: Finding[];
  sources: { url: string; title: string; snippet: string; fetched: boolean; domain: string }[];
  summary: string;
  notes: string[];
  researched_at: string;
}

export const deepResearchTool = defineTool({
  name: 'deep_research',
  kind: 'providers',
  summary: 'Researches a question: plans searches, reads the sources and quotes the passages that answer it.',
  description:
    'Plans search queries from the question, searches the web, reads up to 10 sources through the guarded ' +
    'fetcher (a source robots.txt disallows is kept with `fetched: false`) and returns up to 10 findings: passages ' +
    'quoted from the sources (at most 600 characters), ranked by the share of the question’s terms they hold ' +
    '(`relevance_score`, 3 decimals), each with its source, plus an extractive summary. No language model is ' +
    `used. Needs ${WEB_SEARCH_VARIABLES}: without one it answers 502 RESEARCH_SEARCH_UNAVAILABLE, uncharged.`,
  price: 10,
  basePrice: 10,
  schema: deepResearchSchema,
  result: deepResearchResult,
  example: {
    research_query: 'How do HTTP clients handle the Retry-After header?',
    research_scope: { depth_level: 'surface' },
  },
  async run(ctx, input): Promise<{ data: DeepResearchData }> {
    const provider = webSearchProvider(ctx.services.config);
    if (!provider) {
      throw new ApiError(
        'RESEARCH_SEARCH_UNAVAILABLE',
        `deep_research needs a web search provider, which is not configured: set ${WEB_SEARCH_VARIABLES}.`,
        {
          extra: { required_configuration: WEB_SEARCH_VARIABLES },
        },
      );
    }
    const scope = input.research_scope ?? {};
    const plan = DEPTH_PLAN[scope.depth_level ?? 'deep'];
    const maxSources = input.max_sources ?? plan.sources;
    const domains = scope.domains ?? [];
    const queries = planQueries(input.research_query, plan.queries, domains);
    const timeout = (ms: number) => providerTimeout(ms, ctx.services.config.PROVIDER_TIMEOUT_MS);

    let found: Awaited<ReturnType<typeof searchCandidates>>;
    try {
      found = await searchCandidates(provider, queries, {
        lang: scope.language ?? 'en',
        timeRange: scope.time_range ?? 'all',
        perQuery: Math.min(20, Math.max(10, maxSources * 2)),
        domains,
        timeoutMs: timeout(SEARCH_TIMEOUT_MS),
        signal: ctx.signal,
      });
    } catch (error) {
      const mapped = providerApiError(error, { tool: 'deep_research', what: 'search provider' });
      throw new ApiError('RESEARCH_SEARCH_FAILED', mapped.message, { extra: mapped.extra });
    }

    const chosen = found.candidates.slice(0, maxSources);
    const reads = await Promise.all(
      chosen.map((candidate) =>
        readSource(ctx, candidate, {
          tool: 'deep_research',
          timeoutMs: SOURCE_TIMEOUT_MS,
          respectRobots: input.respect_robots,
        }),
      ),
    );
    for (const read of reads) if (!read.fetched) ctx.warn(unfetchedWarning(read));

    const terms = termsOf(input.research_query);
    const fetched = reads.filter((read) => read.fetched && read.text);
    const readable =
      fetched.length > 0
        ? fetched.map(asText)
        : reads.map((read) => ({ url: read.url, title: read.title, text: read.snippet }));
    const key_findings = rankFindings(terms, readable, {
      limit: MAX_FINDINGS,
      perSource: FINDINGS_PER_SOURCE,
    });

    return {
      data: {
        research_query: input.research_query,
        methodology: {
          queries_run: queries.length,
          queries,
          search_backend: provider.name,
          sources_considered: found.candidates.length,
          sources_fetched: fetched.length,
          synthesis: 'extractive',
          llm_used: false,
        },
        key_findings,
        sources: reads.map(({ url, title, snippet, fetched: wasFetched, domain }) => ({
          url,
          title,
          snippet,
          fetched: wasFetched,
          domain,
        })),
        summary:
          key_findings.length > 0
            ? summarise(key_findings)
            : 'No passage in the sources that could be read shares the question’s terms.',
        notes: notes(input, found.failures, reads, fetched.length, chosen),
        researched_at: new Date().toISOString(),
      },
    };
  },
});

function asText(read: SourceRead) {
  return { url: read.url, title: read.title, text: read.text ?? '' };
}

function unfetchedWarning(read: SourceRead): string {
  return read.failure?.code === 'ROBOTS_DISALLOWED'
    ? `Source not fetched: robots.txt disallows ${read.url}; kept with fetched: false`
    : `Source not fetched: ${read.url} (${read.failure?.code ?? 'unknown'}); kept with fetched: false`;
}

function notes(
  input: DeepResearchInput,
  failures: { query: string; error: Error }[],
  reads: SourceRead[],
  fetchedCount: number,
  chosen: Candidate[],
): string[] {
  const out = [
    'Findings are passages quoted from the sources, ranked by the share of the question’s terms each holds; no language model was used.',
  ];
  for (const failure of failures) out.push(`Query "${failure.query}" failed: ${failure.error.message}`);
  const unfetched = reads.length - fetchedCount;
  if (unfetched > 0)
    out.push(`${unfetched} of ${reads.length} sources could not be read and are listed with fetched: false.`);
  if (fetchedCount === 0 && reads.length > 0)
    out.push('No source could be read: findings quote the search snippets.');
  if (chosen.length < (input.max_sources ?? 0))
    out.push(`The search found ${chosen.length} sources, fewer than max_sources.`);
  if (reads.length === 0) out.push('The search found no sources.');
  return out;
}
