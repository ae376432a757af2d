import type { Config } from '../../env.js';
import { anthropicProvider } from '../anthropic/index.js';
import type { LlmProvider, LlmProviderId } from '../kinds/llm.js';
import { ollamaBaseUrl, ollamaProvider } from '../ollama/index.js';
import { openAiCompatibleProvider } from '../openai-compatible/index.js';
import { notConfigured } from './not-configured.js';

export const LLM_VARIABLES = {
  local: 'OLLAMA_HOST (Ollama)',
  hosted_a: 'OPENAI_API_KEY (any OpenAI-compatible Chat Completions endpoint, with OPENAI_BASE_URL)',
  hosted_b: 'ANTHROPIC_API_KEY (Anthropic Messages API)',
} as const satisfies Record<LlmProviderId, string>;
export const ANY_LLM_VARIABLES = `${LLM_VARIABLES.local}, ${LLM_VARIABLES.hosted_a} or ${LLM_VARIABLES.hosted_b}`;

type LlmConfig = Pick<
  Config,
  'OLLAMA_HOST' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'ANTHROPIC_API_KEY' | 'ANTHROPIC_BASE_URL'
>;

/** The LLM providers configured, in `auto`'s order: local, hosted_a, hosted_b. */
export function llmProviders(config: LlmConfig): LlmProvider[] {
  const providers: LlmProvider[] = [];
  if (config.OLLAMA_HOST) providers.push(ollamaProvider(ollamaBaseUrl(config.OLLAMA_HOST)));
  if (config.OPENAI_API_KEY)
    providers.push(openAiCompatibleProvider(config.OPENAI_BASE_URL, config.OPENAI_API_KEY));
  if (config.ANTHROPIC_API_KEY)
    providers.push(anthropicProvider(config.ANTHROPIC_BASE_URL, config.ANTHROPIC_API_KEY));
  return providers;
}

/** The provider a call names, or the first configured for `auto`; 503 naming the variables when none is. */
export function chooseLlmProvider(
  config: LlmConfig,
  requested: LlmProviderId | 'auto',
  tool: string,
): LlmProvider {
  const configured = llmProviders(config);
  if (requested === 'auto') {
    const first = configured[0];
    if (!first) throw notConfigured(tool, 'a language model provider', ANY_LLM_VARIABLES);
    return first;
  }
  const chosen = configured.find((provider) => provider.id === requested);
  if (!chosen) throw notConfigured(tool, `the ${requested} model provider`, LLM_VARIABLES[requested]);
  return chosen;
}
