import type { Config } from '../../env.js';
import { anthropicProvider } from '../anthropic/index.js';
import { arcticShiftArchive } from '../arctic-shift/index.js';
import { braveProvider } from '../brave/index.js';
import { SERP_VARIABLES } from '../configured/serp.js';
import { dataForSeoAccount } from '../dataforseo/index.js';
import { ProviderError } from '../http/provider-error.js';
import type { CallOptions } from '../kinds/call-options.js';
import type { LlmProvider } from '../kinds/llm.js';
import type { WebSearchProvider } from '../kinds/web-search.js';
import { listLocalModels, ollamaBaseUrl } from '../ollama/index.js';
import { openAiCompatibleProvider } from '../openai-compatible/index.js';
import { pullPushArchive } from '../pullpush/index.js';
import { searxngProvider } from '../searxng/index.js';

/**
 * `npm run providers:check`: one harmless, cheap call per provider the configuration turns on,
 * through the same adapters the tools use (so an error reads exactly as a tool would report it):
 * a search for one word, Ollama's model list, a one-token completion, DataForSEO's free account
 * data. Keys and logins are never in what it returns.
 */
export interface ProviderCheck {
  provider: string;
  /** The variables that turn it on. */
  variables: string;
  configured: boolean;
  /** Something answered over HTTP (even an error); null when not configured. */
  reachable: boolean | null;
  ok: boolean;
  latencyMs: number | null;
  /** What the call found, when it worked. */
  detail: string | null;
  /** Rate-limit and quota headers of the provider's answer, as sent. */
  limits: Record<string, string>;
  warnings: string[];
  /** The error as a tool would report it. */
  error: string | null;
}

export const CHECK_WORD = 'weather';
const CHECK_TIMEOUT_MS = 10_000;
const LIMIT_HEADER = /ratelimit|rate-limit|quota|retry-after/i;

interface Probe {
  provider: string;
  variables: string;
  configured: boolean;
  call(options: CallOptions): Promise<{ detail: string; warnings?: string[] }>;
}

export async function checkProviders(
  config: Config,
  options: { word?: string } = {},
): Promise<ProviderCheck[]> {
  const word = options.word ?? CHECK_WORD;
  const timeoutMs = Math.min(CHECK_TIMEOUT_MS, config.PROVIDER_TIMEOUT_MS ?? CHECK_TIMEOUT_MS);
  const checks = await Promise.all(probes(config, word).map((probe) => run(probe, timeoutMs)));
  const secrets = [
    config.BRAVE_SEARCH_API_KEY,
    config.DATAFORSEO_LOGIN,
    config.DATAFORSEO_PASSWORD,
    config.OPENAI_API_KEY,
    config.ANTHROPIC_API_KEY,
  ];
  // The adapters already scrub what they repeat; this keeps the promise whatever a provider says.
  const clean = (text: string) => redact(text, secrets);
  return checks.map((check) => ({
    ...check,
    detail: check.detail === null ? null : clean(check.detail),
    error: check.error === null ? null : clean(check.error),
    warnings: check.warnings.map(clean),
    limits: Object.fromEntries(Object.entries(check.limits).map(([name, value]) => [name, clean(value)])),
  }));
}

function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let clean = text;
  for (const secret of secrets)
    if (secret && secret.length >= 4) clean = clean.split(secret).join('[redacted]');
  return clean;
}

async function run(probe: Probe, timeoutMs: number): Promise<ProviderCheck> {
  const check: ProviderCheck = {
    provider: probe.provider,
    variables: probe.variables,
    configured: probe.configured,
    reachable: null,
    ok: false,
    latencyMs: null,
    detail: null,
    limits: {},
    warnings: [],
    error: null,
  };
  if (!probe.configured) return check;
  const started = performance.now();
  const onResponse = (_status: number, headers: Headers) => {
    check.reachable = true;
    for (const [name, value] of headers) if (LIMIT_HEADER.test(name)) check.limits[name] = value;
  };
  try {
    const answer = await probe.call({ timeoutMs, onResponse });
    Object.assign(check, {
      ok: true,
      reachable: true,
      detail: answer.detail,
      warnings: answer.warnings ?? [],
    });
  } catch (error) {
    check.error = error instanceof Error ? error.message : String(error);
    if (error instanceof ProviderError)
      check.reachable =
        error.kind !== 'unreachable' && (error.kind !== 'timeout' || check.reachable === true);
    else check.reachable ??= false;
  }
  check.latencyMs = Math.round(performance.now() - started);
  return check;
}

function probes(config: Config, word: string): Probe[] {
  const search = (provider: WebSearchProvider) => async (options: CallOptions) => {
    const page = await provider.searchPage(
      { query: word, lang: 'en', safeSearch: false, timeRange: 'all', page: 0 },
      options,
    );
    return { detail: `${page.hits.length} results for "${word}"`, warnings: page.warnings };
  };
  const complete = (provider: LlmProvider) => async (options: CallOptions) => {
    const answer = await provider.complete(
      {
        model: provider.defaultModel,
        system: 'Answer with one word.',
        messages: [{ role: 'user', content: word }],
        maxTokens: 1,
      },
      options,
    );
    return { detail: `${answer.model} answered (${answer.tokensUsed} tokens)` };
  };
  const forum = (provider: string, search: (options: CallOptions) => Promise<unknown[]>) => ({
    provider,
    configured: true,
    call: async (options: CallOptions) => ({
      detail: `${(await search(options)).length} posts for "${word}"`,
    }),
  });
  const arctic = arcticShiftArchive(config.ARCTIC_SHIFT_URL);
  const pullpush = pullPushArchive(config.PULLPUSH_URL);
  return [
    {
      provider: 'SearXNG',
      variables: 'SEARXNG_URL',
      configured: Boolean(config.SEARXNG_URL),
      call: search(searxngProvider(config.SEARXNG_URL ?? 'http://unset')),
    },
    {
      provider: 'Brave Search',
      variables: 'BRAVE_SEARCH_API_KEY',
      configured: Boolean(config.BRAVE_SEARCH_API_KEY),
      call: search(braveProvider(config.BRAVE_SEARCH_URL, config.BRAVE_SEARCH_API_KEY ?? '')),
    },
    {
      provider: 'DataForSEO',
      variables: SERP_VARIABLES,
      configured: Boolean(config.DATAFORSEO_LOGIN && config.DATAFORSEO_PASSWORD),
      call: async (options) => {
        const account = await dataForSeoAccount(
          config.DATAFORSEO_URL,
          config.DATAFORSEO_LOGIN ?? '',
          config.DATAFORSEO_PASSWORD ?? '',
          options,
        );
        const balance = account.balance === null ? 'unknown' : `${account.balance.toFixed(2)} USD`;
        const rate =
          account.requestsPerMinute === null ? '' : `, ${account.requestsPerMinute} requests a minute`;
        return { detail: `balance ${balance}${rate}` };
      },
    },
    {
      ...forum('Arctic Shift (forum archive_a)', (options) =>
        arctic.searchPosts({ query: word, subreddit: 'AskReddit', limit: 1, sort: 'desc' }, options),
      ),
      variables: 'ARCTIC_SHIFT_URL (public, always on)',
    },
    {
      ...forum('PullPush (forum archive_b)', (options) =>
        pullpush.searchPosts({ query: word, limit: 1, sort: 'desc' }, options),
      ),
      variables: 'PULLPUSH_URL (public, always on)',
    },
    {
      provider: 'Ollama',
      variables: 'OLLAMA_HOST',
      configured: Boolean(config.OLLAMA_HOST),
      call: async (options) => {
        const models = await listLocalModels(ollamaBaseUrl(config.OLLAMA_HOST ?? ''), options);
        const names = models.map((model) => model.name).join(', ');
        return { detail: `${models.length} models${names ? `: ${names}` : ''}` };
      },
    },
    {
      provider: 'OpenAI-compatible',
      variables: 'OPENAI_API_KEY (and OPENAI_BASE_URL)',
      configured: Boolean(config.OPENAI_API_KEY),
      call: complete(openAiCompatibleProvider(config.OPENAI_BASE_URL, config.OPENAI_API_KEY ?? '')),
    },
    {
      provider: 'Anthropic',
      variables: 'ANTHROPIC_API_KEY',
      configured: Boolean(config.ANTHROPIC_API_KEY),
      call: complete(anthropicProvider(config.ANTHROPIC_BASE_URL, config.ANTHROPIC_API_KEY ?? '')),
    },
  ];
}
