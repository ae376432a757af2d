import {
  kindOfStatus,
  ProviderError,
  type ProviderFailureKind,
  scrubSecrets,
} from '../http/provider-error.js';
import { endpoint, providerRequest, retryAfterHeader } from '../http/provider-request.js';
import type { CallOptions } from '../kinds/call-options.js';
import {
  type LlmAnswer,
  type LlmProvider,
  type LlmRequest,
  objectRootSchema,
  unwrapRoot,
} from '../kinds/llm.js';

const PROVIDER = 'OpenAI-compatible endpoint';

/**
 * Chat Completions (`POST {OPENAI_BASE_URL}/chat/completions`, `Authorization: Bearer`), the API
 * that OpenAI and most hosted and self-hosted servers speak. Structured output through
 * `response_format: {type: 'json_schema', json_schema: {name, schema, strict}}`; `strict` is off
 * because strict mode refuses ordinary schemas (every property required, no open objects), and
 * the tool validates the answer itself. Errors are `{error: {message, type, param, code}}`.
 */
interface Completion {
  model?: string;
  choices?: { message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }[];
  usage?: { total_tokens?: number; prompt_tokens?: number; completion_tokens?: number };
}

interface OpenAiError {
  error?: { message?: string; type?: string; code?: string | null };
}

export function openAiCompatibleProvider(baseUrl: string, apiKey: string): LlmProvider {
  return {
    id: 'hosted_a',
    label: 'OpenAI-compatible Chat Completions',
    defaultModel: 'gpt-4o-mini',
    inputBudgetChars: 200_000,
    async complete(request: LlmRequest, options: CallOptions): Promise<LlmAnswer> {
      const shaped = request.schema ? objectRootSchema(request.schema) : null;
      const response = await providerRequest({
        provider: PROVIDER,
        url: endpoint(baseUrl, '/chat/completions'),
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}` },
        body: {
          model: request.model,
          messages: [{ role: 'system', content: request.system }, ...request.messages],
          max_tokens: request.maxTokens,
          temperature: 0,
          ...(shaped
            ? {
                response_format: {
                  type: 'json_schema',
                  json_schema: { name: 'extraction', schema: shaped.schema, strict: false },
                },
              }
            : {}),
        },
        ...options,
      });
      if (response.status < 200 || response.status > 299) {
        throw failure(response.status, response.json as OpenAiError | undefined, response.headers, apiKey);
      }
      const body = response.json as Completion | undefined;
      const message = body?.choices?.[0]?.message;
      if (message?.refusal) {
        throw new ProviderError(
          PROVIDER,
          'rejected',
          `The model refused: ${scrubSecrets(message.refusal, [apiKey])}`,
        );
      }
      if (typeof message?.content !== 'string') {
        throw new ProviderError(PROVIDER, 'malformed', `${PROVIDER} answered without a message`);
      }
      const usage = body?.usage;
      return {
        text: unwrapRoot(message.content, shaped?.wrapped ?? false),
        model: body?.model ?? request.model,
        tokensUsed: usage?.total_tokens ?? (usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0),
      };
    },
  };
}

function failure(
  status: number,
  body: OpenAiError | undefined,
  headers: Headers,
  apiKey: string,
): ProviderError {
  let kind: ProviderFailureKind = kindOfStatus(status);
  const code = body?.error?.code ?? body?.error?.type;
  if (code === 'insufficient_quota' || code === 'rate_limit_exceeded') kind = 'rate_limited';
  if (code === 'model_not_found') kind = 'not_found';
  if (code === 'invalid_api_key') kind = 'auth';
  // A refused key's own message may quote part of it (OpenAI shows its first and last characters).
  const said =
    body?.error?.message && kind !== 'auth' ? `: ${scrubSecrets(body.error.message, [apiKey])}` : '';
  return new ProviderError(PROVIDER, kind, `${PROVIDER} answered HTTP ${status}${said}`, {
    status,
    retryAfterSeconds: retryAfterHeader(headers),
  });
}
