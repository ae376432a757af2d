import type { FieldIssue } from '../../errors/api-error.js';
import { checkAnswer } from '../../model-answers/answer-schema.js';
import { llmProviders } from '../../providers/configured/llm.js';
import { notConfigured } from '../../providers/configured/not-configured.js';
import { WEB_SEARCH_VARIABLES, webSearchProvider } from '../../providers/configured/web-search.js';
import { providerApiError } from '../../providers/http/api-error.js';
import { ProviderError } from '../../providers/http/provider-error.js';
import { providerTimeout } from '../../providers/http/provider-request.js';
import { urlKey } from '../../providers/kinds/gather-results.js';
import type { LlmProviderId } from '../../providers/kinds/llm.js';
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

  // Plan and search: each query is a step; the pages named by the caller come first.
  const candidates: Candidate[] = seeds.map((url) => ({ url, title: url, snippet: '' }));
  if (search && candidates.length < input.maxUrls && stepsLeft() > 1) {
    const queries = planQueries(input.prompt, Math.min(2, stepsLeft() - 1));
    try {
      const found = await searchCandidates(search, queries, {
        lang: 'en',
        timeRange: 'all',
        perQuery: 10,
        domains: [],
        timeoutMs: timeout(SEARCH_TIMEOUT_MS),
        signal: ctx.signal,
      });
      for (const query of queries) {
        const failure = found.failures.find((entry) => entry.query === query);
        step('search', query, failure ? `failed: ${failure.error.message}` : 'results');
      }
      const known = new Set(candidates.map((candidate) => urlKey(candidate.url)));
      for (const candidate of found.candidates)
        if (!known.has(urlKey(candidate.url))) candidates.push(candidate);
    } catch (error) {
      for (const query of queries) step('search', query, 'failed');
      if (candidates.length === 0) throw providerApiError(error, { tool: 'agent', what: 'search provider' });
      notes.push(
        `The search failed (${error instanceof Error ? error.message : String(error)}); only the given URLs were read.`,
      );
    }
  }

  // Read: as many pages as the caps allow, all at once.
  const toRead = candidates.slice(0, Math.max(0, Math.min(input.maxUrls, stepsLeft())));
  const reads: (SourceRead & { escalated: boolean })[] = await Promise.all(
    toRead.map((candidate) =>
      readSource(ctx, candidate, {
        tool: 'agent',
        timeoutMs: timeout(READ_TIMEOUT_MS),
        respectRobots: input.respect_robots,
      }),
    ),
  );
  for (const read of reads) step('read', read.url, read.fetched ? 'read' : (read.failure?.code ?? 'failed'));

  // Walls: at most two stealth retries, +5 each only when the render ran and got the page.
  let paidRetries = 0;
  const walled = reads.filter((read) => !read.fetched && read.failure?.code === 'BLOCKED');
  for (const wall of walled.slice(0, MAX_STEALTH_RETRIES)) {
    if (stepsLeft() <= 0 || left() < 1_000) break;
    const retry = await readSource(ctx, wall, {
      tool: 'agent',
      timeoutMs: timeout(READ_TIMEOUT_MS),
      respectRobots: input.respect_robots,
      escalate: true,
    });
    step('stealth_retry', wall.url, retry.fetched ? 'read' : (retry.failure?.code ?? 'failed'));
    if (retry.fetched) {
      if (retry.escalated) paidRetries += 1;
      reads[reads.indexOf(wall)] = retry;
    } else if (retry.failure?.code === 'TOOL_NOT_AVAILABLE') {
      notes.push('No stealth browser backend is deployed: walled pages are listed as skipped.');
    }
  }

  const terms = termsOf(input.prompt);
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
