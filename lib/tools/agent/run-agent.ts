import type { FieldIssue } from '../../errors/api-error.js';
import { checkAnswer } from '../../model-answers/answer-schema.js';
import { llmProviders } from '../../providers/configured/llm.js';
import { notConfigured } from '../../providers/configured/not-configured.js';
import { WEB_SEARCH_VARIABLES, webSearchProvider } from '../../providers/configured/web-search.js';
import { providerApiError } from '../../providers/http/api-error.js';
import { ProviderError, type ProviderFailureKind } from '../../providers/http/provider-error.js';
import { providerTimeout } from '../../providers/http/provider-request.js';
import { urlKey } from '../../providers/kinds/gather-results.js';
import type { LlmProviderId } from '../../providers/kinds/llm.js';
import { rankFindings } from '../../research/passages.js';
import { planQueries } from '../../research/plan.js';
import { type Candidate, readSource, type SourceRead, searchCandidates } from '../../research/sources.js';
import { overlapScore, termsOf } from '../../research/terms.js';
import type { ToolContext } from '../define.js';
import { extractiveProse, extractiveRecord, modelAnswer, type RankedRead } from './answer.js';
import type { AgentInput } from './schema.js';

/** docs/reference/README.md#credits: 8 per run, +5 per paid stealth retry, at most 2 (18 held). */
export const AGENT_BASE_CREDITS = 8;
export const STEALTH_RETRY_CREDITS = 5;
export const MAX_STEALTH_RETRIES = 2;
/**
 * docs/reference/providers.md#limits gives the agent a ~50 s window, but API Gateway's HTTP API ends an integration at
 * 30 s and the metered call aborts the tool at 28 s: the agent finishes within 25 s, so it always
 * answers with what it has rather than being cut off.
 */
const AGENT_WINDOW_MS = 25_000;
const SEARCH_TIMEOUT_MS = 8_000;
const READ_TIMEOUT_MS = 8_000;
const WALL_CODES = new Set(['BLOCKED', 'TOOL_NOT_AVAILABLE']);
const PROVIDER_DOWN = new Set<ProviderFailureKind>(['timeout', 'unreachable', 'rate_limited', 'auth']);
const NO_STEALTH_NOTE = 'No stealth browser backend is deployed: walled pages are listed as skipped.';
/** Distinct queries planned at most; a run searches again only while reads run short. */
const MAX_QUERIES = 3;
const RESULTS_PER_QUERY = 10;
/** No action starts with less of the window left than this. */
const MIN_ACTION_MS = 1_000;
/**
 * The pages read answer the prompt when one passage holds at least this share of its terms (or,
 * for a schema, when their markup fills it validly): searching or reading more would only cost
 * steps and time.
 */
const ANSWERED_COVERAGE = 0.75;

export interface AgentStep {
  step: number;
  action: 'search' | 'read' | 'stealth_retry';
  target: string;
  outcome: string;
}

export interface AgentData {
  prompt: string;
  answer: unknown;
  answer_format: 'prose' | 'json';
  method: 'llm' | 'extractive';
  provider_used: LlmProviderId | null;
  model_used: string | null;
  tokens_used: number;
  schema_valid?: boolean;
  validation_errors?: FieldIssue[];
  field_sources?: Record<string, { source: string; url: string } | null>;
  sources: { url: string; title: string; fetched: boolean; relevance_score: number; used: boolean }[];
  skipped: { url: string; reason: string; code: string }[];
  steps: AgentStep[];
  steps_used: number;
  urls_read: number;
  stealth_retries: number;
  notes: string[];
}

export async function runAgent(
  ctx: ToolContext,
  input: AgentInput,
): Promise<{ data: AgentData; credits: number }> {
  const started = performance.now();
  const left = () => AGENT_WINDOW_MS - (performance.now() - started);
  const timeout = (ms: number) =>
    providerTimeout(Math.max(500, Math.min(ms, left())), ctx.services.config.PROVIDER_TIMEOUT_MS);
  const steps: AgentStep[] = [];
  const notes: string[] = [];
  const step = (action: AgentStep['action'], target: string, outcome: string) => {
    steps.push({ step: steps.length + 1, action, target, outcome });
  };
  const stepsLeft = () => input.maxSteps - steps.length;

  const seeds = seedUrls(input);
  const search = webSearchProvider(ctx.services.config);
  if (!search && seeds.length === 0) {
    throw notConfigured(
      'agent',
      'a web search provider (or URLs in the prompt or `urls`)',
      WEB_SEARCH_VARIABLES,
    );
  }

  const terms = termsOf(input.prompt);
  const queries = search ? planQueries(input.prompt, MAX_QUERIES) : [];
  const pool = new CandidatePool(terms, seeds);
  const reads: (SourceRead & { escalated: boolean })[] = [];
  const readOptions = (escalate?: boolean) => ({
    tool: 'agent',
    timeoutMs: timeout(READ_TIMEOUT_MS),
    respectRobots: input.respect_robots,
    escalate,
  });
  let searchFailure: ProviderError | null = null;
  let paidRetries = 0;
  let retriesLeft = MAX_STEALTH_RETRIES;

  // Reading comes first: the best unread results (the caller's pages, then by how much of the
  // prompt their snippets hold) up to maxUrls, and a search only when none is left to read.
  while (left() > MIN_ACTION_MS) {
    const room = Math.min(input.maxUrls - reads.length, stepsLeft());
    const batch = room > 0 ? pool.takeBest(room) : [];
    if (batch.length > 0) {
      const done = await Promise.all(batch.map((candidate) => readSource(ctx, candidate, readOptions())));
      for (const read of done) {
        reads.push(read);
        step('read', read.url, read.fetched ? 'read' : (read.failure?.code ?? 'failed'));
      }
      if (answers(terms, reads, input.schema)) break;

      // Walls: at most two stealth retries a run, +5 each only when the render ran and got the page.
      for (const wall of done.filter((read) => !read.fetched && read.failure?.code === 'BLOCKED')) {
        if (retriesLeft <= 0 || stepsLeft() <= 0 || left() < MIN_ACTION_MS) break;
        retriesLeft -= 1;
        const retry = await readSource(ctx, wall, readOptions(true));
        step('stealth_retry', wall.url, retry.fetched ? 'read' : (retry.failure?.code ?? 'failed'));
        if (retry.fetched) {
          if (retry.escalated) paidRetries += 1;
          reads[reads.indexOf(wall)] = retry;
        } else if (retry.failure?.code === 'TOOL_NOT_AVAILABLE' && !notes.includes(NO_STEALTH_NOTE)) {
          notes.push(NO_STEALTH_NOTE);
        }
      }
      if (answers(terms, reads, input.schema)) break;
      continue;
    }
    // A search is worth a step only with a step left to read what it finds.
    const query = queries.shift();
    if (!search || query === undefined || reads.length >= input.maxUrls || stepsLeft() < 2) break;
    try {
      const found = await searchCandidates(search, [query], {
        lang: 'en',
        timeRange: 'all',
        perQuery: RESULTS_PER_QUERY,
        domains: [],
        timeoutMs: timeout(SEARCH_TIMEOUT_MS),
        signal: ctx.signal,
      });
      const added = pool.add(found.candidates);
      step('search', query, `${found.candidates.length} results, ${added} new`);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      step('search', query, `failed: ${error.message}`);
      searchFailure = error;
      // A provider that is slow, limited, down or refusing the key would fail the next query too; an
      // error answer may be about this query alone.
      if (PROVIDER_DOWN.has(error.kind)) queries.length = 0;
    }
  }
  if (searchFailure) {
    if (reads.length === 0) throw providerApiError(searchFailure, { tool: 'agent', what: 'search provider' });
    notes.push(`A search failed (${searchFailure.message}); the answer is from the pages found otherwise.`);
  }

  const ranked: RankedRead[] = reads
    .filter((read) => read.fetched && read.text)
    .map((read) => ({ ...read, relevance: overlapScore(terms, `${read.title} ${read.text}`) }))
    .sort((a, b) => b.relevance - a.relevance);
  const relevant = ranked.filter((read) => read.relevance > 0);
  const used = relevant.length > 0 ? relevant : ranked;

  const data: AgentData = {
    prompt: input.prompt,
    answer: null,
    answer_format: input.schema ? 'json' : 'prose',
    method: 'extractive',
    provider_used: null,
    model_used: null,
    tokens_used: 0,
    sources: reads.map((read) => ({
      url: read.url,
      title: read.title,
      fetched: read.fetched,
      relevance_score: ranked.find((entry) => entry.url === read.url)?.relevance ?? 0,
      used: used.some((entry) => entry.url === read.url),
    })),
    skipped: reads
      .filter((read) => !read.fetched)
      .map((read) => ({
        url: read.url,
        code: read.failure?.code ?? 'FETCH_FAILED',
        reason: WALL_CODES.has(read.failure?.code ?? '') ? 'bot wall' : (read.failure?.message ?? 'not read'),
      })),
    steps,
    steps_used: 0,
    urls_read: ranked.length,
    stealth_retries: paidRetries,
    notes,
  };

  await answer(ctx, input, data, terms, used, timeout);
  data.steps_used = steps.length;
  return { data, credits: AGENT_BASE_CREDITS + STEALTH_RETRY_CREDITS * paidRetries };
}

async function answer(
  ctx: ToolContext,
  input: AgentInput,
  data: AgentData,
  terms: string[],
  used: RankedRead[],
  timeout: (ms: number) => number,
): Promise<void> {
  const provider = llmProviders(ctx.services.config)[0];
  if (provider && used.length > 0) {
    try {
      const reply = await modelAnswer(provider, input.prompt, terms, used, {
        schema: input.schema,
        timeoutMs: () => timeout(20_000),
        signal: ctx.signal,
      });
      Object.assign(data, {
        answer: reply.answer,
        method: 'llm',
        provider_used: provider.id,
        model_used: reply.model,
        tokens_used: reply.tokensUsed,
      });
      if (input.schema) Object.assign(data, { schema_valid: true, validation_errors: [] });
      return;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      data.notes.push(`The model provider failed (${error.message}); the answer is extractive.`);
    }
  }
  if (used.length === 0) data.notes.push('No page could be read; there is nothing to answer from.');
  if (input.schema) {
    const { record, fieldSources } = extractiveRecord(input.schema, used);
    const check = checkAnswer(input.schema, record, 'answer');
    Object.assign(data, {
      answer: record,
      schema_valid: check.valid,
      validation_errors: check.errors,
      field_sources: fieldSources,
    });
  } else {
    data.answer = extractiveProse(terms, used);
    if (data.answer === null && used.length > 0)
      data.notes.push('No passage of the pages read shares the prompt’s terms.');
  }
}

/** Whether what was read already answers: a passage holding most of the prompt's terms. */
function answers(
  terms: readonly string[],
  reads: readonly SourceRead[],
  schema: Record<string, unknown> | undefined,
): boolean {
  const fetched = reads.filter((read) => read.fetched && read.text);
  if (fetched.length === 0) return false;
  if (schema) {
    const { record } = extractiveRecord(
      schema,
      fetched.map((read) => ({ ...read, relevance: 0 })),
    );
    if (checkAnswer(schema, record, 'answer').valid) return true;
  }
  const [best] = rankFindings(
    terms,
    fetched.map((read) => ({ url: read.url, title: read.title, text: read.text ?? '' })),
    { limit: 1, perSource: 1 },
  );
  return (best?.relevance_score ?? 0) >= ANSWERED_COVERAGE;
}

/**
 * The results not read yet, each URL once: the caller's pages first, then by the share of the
 * prompt's terms their title and snippet hold, ties to the earlier found.
 */
class CandidatePool {
  private readonly known = new Set<string>();
  private readonly unread: { candidate: Candidate; seed: boolean; score: number; order: number }[] = [];

  constructor(
    private readonly terms: readonly string[],
    seeds: readonly string[],
  ) {
    for (const url of seeds) this.push({ url, title: url, snippet: '' }, true);
  }

  get size(): number {
    return this.known.size;
  }

  /** Adds what is new; answers how many were. */
  add(candidates: readonly Candidate[]): number {
    let added = 0;
    for (const candidate of candidates) if (this.push(candidate, false)) added += 1;
    return added;
  }

  takeBest(count: number): Candidate[] {
    this.unread.sort((a, b) => Number(b.seed) - Number(a.seed) || b.score - a.score || a.order - b.order);
    return this.unread.splice(0, count).map((entry) => entry.candidate);
  }

  private push(candidate: Candidate, seed: boolean): boolean {
    const key = urlKey(candidate.url);
    if (this.known.has(key)) return false;
    this.known.add(key);
    const score = seed ? 1 : overlapScore(this.terms, `${candidate.title} ${candidate.snippet}`);
    this.unread.push({ candidate, seed, score, order: this.known.size });
    return true;
  }
}

/** `urls` first, then the http(s) URLs written in the prompt, each once. */
function seedUrls(input: AgentInput): string[] {
  const written = input.prompt.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const url of [...(input.urls ?? []), ...written.map((url) => url.replace(/[.,;:!?]+$/, ''))]) {
    const key = urlKey(url);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(url);
  }
  return out;
}
