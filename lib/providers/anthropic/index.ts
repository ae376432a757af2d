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

const PROVIDER = 'Anthropic';
const API_VERSION = '2023-06-01';
const ANSWER_TOOL = 'record_answer';

/**
 * Anthropic Messages (`POST /v1/messages`, `x-api-key`, `anthropic-version`). A JSON answer comes
 * through the documented tool-use route: one tool whose `input_schema` is the caller's schema and
 * `tool_choice` forcing it, so the answer is the tool call's `input`. Errors are
 * `{type: 'error', error: {type, message}}`: authentication_error, permission_error,
 * not_found_error, rate_limit_error (429), overloaded_error (529), invalid_request_error, api_error.
 */
interface MessageAnswer {
  model?: string;
  content?: ({ type: 'text'; text?: string } | { type: 'tool_use'; name?: string; input?: unknown })[];
  usage?: { input_tokens?: number; output_tokens?: number };
}

interface AnthropicError {
  type?: 'error';
  error?: { type?: string; message?: string };
}

const ERROR_KINDS: Record<string, ProviderFailureKind> = {
  authentication_error: 'auth',
  permission_error: 'auth',
  not_found_error: 'not_found',
  rate_limit_error: 'rate_limited',
  overloaded_error: 'unreachable',
  invalid_request_error: 'rejected',
  request_too_large: 'rejected',
  api_error: 'upstream',
};

export function anthropicProvider(baseUrl: string, apiKey: string): LlmProvider {
  return {
    id: 'hosted_b',
    label: 'Anthropic Messages',
    defaultModel: 'claude-haiku-4-5',
    inputBudgetChars: 200_000,
    async complete(request: LlmRequest, options: CallOptions): Promise<LlmAnswer> {
      const shaped = request.schema ? objectRootSchema(request.schema) : null;
      const response = await providerRequest({
        provider: PROVIDER,
        url: endpoint(baseUrl, '/v1/messages'),
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'anthropic-version': API_VERSION },
        body: {
          model: request.model,
          max_tokens: request.maxTokens,
          system: request.system,
          messages: request.messages,
          ...(shaped
            ? {
                tools: [
                  {
                    name: ANSWER_TOOL,
                    description: 'Record the answer in the requested structure.',
                    input_schema: shaped.schema,
                  },
                ],
                tool_choice: { type: 'tool', name: ANSWER_TOOL },
              }
            : {}),
        },
        ...options,
      });
      if (response.status < 200 || response.status > 299) {
        const body = response.json as AnthropicError | undefined;
        const kind = ERROR_KINDS[body?.error?.type ?? ''] ?? kindOfStatus(response.status);
        // A refused key's own message may quote part of it: say only that it was refused.
        const said =
          body?.error?.message && kind !== 'auth' ? `: ${scrubSecrets(body.error.message, [apiKey])}` : '';
        throw new ProviderError(PROVIDER, kind, `${PROVIDER} answered HTTP ${response.status}${said}`, {
          status: response.status,
          retryAfterSeconds: retryAfterHeader(response.headers),
        });
      }
      const body = response.json as MessageAnswer | undefined;
      if (!body || !Array.isArray(body.content)) {
        throw new ProviderError(PROVIDER, 'malformed', `${PROVIDER} answered without content`);
      }
      const toolUse = body.content.find((block) => block.type === 'tool_use');
      let text: string;
      if (shaped && toolUse && 'input' in toolUse)
        text = unwrapRoot(JSON.stringify(toolUse.input ?? null), shaped.wrapped);
      else text = body.content.map((block) => (block.type === 'text' ? (block.text ?? '') : '')).join('');
      return {
        text,
        model: body.model ?? request.model,
        tokensUsed: (body.usage?.input_tokens ?? 0) + (body.usage?.output_tokens ?? 0),
      };
    },
  };
}
