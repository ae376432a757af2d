import { kindOfStatus, ProviderError, scrubSecrets } from '../http/provider-error.js';
import { endpoint, providerRequest } from '../http/provider-request.js';
import type { CallOptions } from '../kinds/call-options.js';
import type { LlmAnswer, LlmProvider, LlmRequest } from '../kinds/llm.js';

const PROVIDER = 'Ollama';

/**
 * Ollama's REST API (github.com/ollama/ollama, docs/api.md): `GET /api/tags` lists the local
 * models; `POST /api/chat` with `stream: false` answers in one object, `format` a JSON Schema for
 * structured output, `options.num_predict` the token cap. Errors are `{error: "..."}`.
 */
export interface LocalModel {
  name: string;
  size: number;
  modified_at: string;
  digest: string;
}

interface OllamaTag {
  name?: string;
  model?: string;
  size?: number;
  modified_at?: string;
  digest?: string;
}

interface OllamaChat {
  model?: string;
  message?: { role?: string; content?: string };
  done?: boolean;
  /** `stop`, or `length` when num_predict ended the answer. */
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
}

/**
 * OLLAMA_HOST as Ollama itself reads it: `host`, `host:port` or a URL. Without a scheme the port
 * defaults to 11434; with `http://` or `https://` to that scheme's port.
 */
export function ollamaBaseUrl(host: string): string {
  const value = host.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  const url = new URL(withScheme);
  if (url.port === '' && withScheme !== value) url.port = '11434';
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  return url.origin + url.pathname.replace(/\/+$/, '');
}

async function ollamaCall(
  baseUrl: string,
  path: string,
  options: CallOptions & { body?: unknown },
): Promise<unknown> {
  const response = await providerRequest({
    provider: PROVIDER,
    url: endpoint(baseUrl, path),
    method: options.body === undefined ? 'GET' : 'POST',
    body: options.body,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    onResponse: options.onResponse,
  });
  const body = response.json as { error?: unknown } | undefined;
  if (response.status < 200 || response.status > 299) {
    const said = typeof body?.error === 'string' ? `: ${scrubSecrets(body.error, [])}` : '';
    throw new ProviderError(
      PROVIDER,
      kindOfStatus(response.status),
      `${PROVIDER} answered HTTP ${response.status}${said}`,
      {
        status: response.status,
      },
    );
  }
  if (body === undefined)
    throw new ProviderError(PROVIDER, 'malformed', `${PROVIDER} answered something other than JSON`);
  return body;
}

export async function listLocalModels(baseUrl: string, options: CallOptions): Promise<LocalModel[]> {
  const body = (await ollamaCall(baseUrl, '/api/tags', options)) as { models?: OllamaTag[] };
  if (!Array.isArray(body.models))
    throw new ProviderError(PROVIDER, 'malformed', `${PROVIDER} answered without a models list`);
  return body.models
    .filter((tag) => typeof (tag.name ?? tag.model) === 'string')
    .map((tag) => ({
      name: (tag.name ?? tag.model) as string,
      size: typeof tag.size === 'number' ? tag.size : 0,
      modified_at: tag.modified_at ?? '',
      digest: tag.digest ?? '',
    }));
}

export function ollamaProvider(baseUrl: string): LlmProvider {
  return {
    id: 'local',
    label: PROVIDER,
    defaultModel: 'llama3.2',
    // Ollama's default context is a few thousand tokens unless the model file raises it.
    inputBudgetChars: 24_000,
    async complete(request: LlmRequest, options: CallOptions): Promise<LlmAnswer> {
      const body = (await ollamaCall(baseUrl, '/api/chat', {
        ...options,
        body: {
          model: request.model,
          messages: [{ role: 'system', content: request.system }, ...request.messages],
          stream: false,
          ...(request.schema ? { format: request.schema } : {}),
          options: { num_predict: request.maxTokens, temperature: 0 },
        },
      })) as OllamaChat;
      const content = body.message?.content;
      if (typeof content !== 'string') {
        throw new ProviderError(PROVIDER, 'malformed', `${PROVIDER} answered without a message`);
      }
      return {
        text: content,
        model: body.model ?? request.model,
        tokensUsed: (body.prompt_eval_count ?? 0) + (body.eval_count ?? 0),
        cutOff: body.done_reason === 'length',
      };
    },
  };
}
