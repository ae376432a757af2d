import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SLOW_MS,
  type FakeOptions,
  type FakeServer,
  type SlowOption,
  startFake,
} from './fake-http.js';
import { countTokens, fakeModelAnswer } from './model-answers.js';

/**
 * OpenAI Chat Completions (platform.openai.com/docs/api-reference/chat): `POST /v1/chat/completions`
 * with `Authorization: Bearer`, answering `{id, object: 'chat.completion', created, model,
 * choices: [{index, message: {role, content, refusal}, logprobs, finish_reason}], usage,
 * system_fingerprint}`; structured output through `response_format: {type: 'json_schema',
 * json_schema: {name, schema, strict}}` (the schema's root must be an object). Errors are
 * `{error: {message, type, param, code}}`: 401 invalid_api_key (its message shows the key's last
 * characters, as OpenAI's does), 404 model_not_found, 429 rate_limit_exceeded / insufficient_quota
 * with x-ratelimit-* headers, 500 server_error.
 * Triggers in the first user message: fake:slow, fake:ratelimit, fake:quota, fake:error,
 * fake:malformed, fake:refusal.
 */
export const OPENAI_TEST_KEY = 'sk-test-openai-0a1b2c3d4e5f6a7b8c9d';
const MODELS = new Set(['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini']);

export async function startOpenAiFake(
  options: FakeOptions & SlowOption & { apiKey?: string } = {},
): Promise<FakeServer> {
  const apiKey = options.apiKey ?? OPENAI_TEST_KEY;
  return startFake((request) => {
    if (request.path !== '/v1/chat/completions' || request.method !== 'POST') {
      return error(404, `Invalid URL (${request.method} ${request.path})`, 'invalid_request_error', null);
    }
    const auth = request.headers.authorization;
    if (auth !== `Bearer ${apiKey}`) {
      const shown = typeof auth === 'string' ? auth.replace(/^Bearer /, '') : '';
      return error(
        401,
        `Incorrect API key provided: ${shown.slice(0, 7)}********${shown.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        'invalid_request_error',
        'invalid_api_key',
      );
    }
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body.model !== 'string')
      return error(400, 'you must provide a model parameter', 'invalid_request_error', null, 'model');
    if (!MODELS.has(body.model)) {
      return error(
        404,
        `The model \`${body.model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model_not_found',
      );
    }
    const messages = Array.isArray(body.messages)
      ? (body.messages as { role: string; content: string }[])
      : [];
    if (messages.length === 0)
      return error(
        400,
        "Invalid 'messages': empty array.",
        'invalid_request_error',
        'empty_array',
        'messages',
      );
    let schema: Record<string, unknown> | undefined;
    if (body.response_format !== undefined) {
      const format = body.response_format as {
        type?: string;
        json_schema?: { name?: string; schema?: Record<string, unknown> };
      };
      if (
        format.type !== 'json_schema' ||
        !format.json_schema ||
        !/^[a-zA-Z0-9_-]{1,64}$/.test(format.json_schema.name ?? '')
      ) {
        return error(
          400,
          "Invalid 'response_format': expected json_schema with a name.",
          'invalid_request_error',
          null,
          'response_format',
        );
      }
      if (format.json_schema.schema?.type !== 'object') {
        return error(
          400,
          "Invalid schema for response_format 'extraction': schema must be a JSON Schema of 'type: \"object\"'.",
          'invalid_request_error',
          null,
          'response_format',
        );
      }
      schema = format.json_schema.schema;
    }
    const users = messages.filter((message) => message.role === 'user').map((message) => message.content);
    const first = users[0] ?? '';
    if (first.includes('fake:ratelimit')) {
      return {
        ...error(
          429,
          `Rate limit reached for ${body.model} on requests per min (RPM): Limit 500, Used 500, Requested 1.`,
          'requests',
          'rate_limit_exceeded',
        ),
        headers: {
          'x-ratelimit-limit-requests': '500',
          'x-ratelimit-remaining-requests': '0',
          'x-ratelimit-reset-requests': '120ms',
          'x-ratelimit-limit-tokens': '200000',
          'x-ratelimit-remaining-tokens': '199000',
          'x-ratelimit-reset-tokens': '300ms',
          'retry-after': '1',
        },
      };
    }
    if (first.includes('fake:quota')) {
      return error(
        429,
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
        'insufficient_quota',
      );
    }
    if (first.includes('fake:error'))
      return error(
        500,
        'The server had an error while processing your request. Sorry about that!',
        'server_error',
        null,
      );
    if (first.includes('fake:malformed')) return { status: 200, body: '{"id": "chatcmpl-x", "choices": [' };
    const refusal = first.includes('fake:refusal') ? "I'm sorry, I can't help with that." : null;
    const content = refusal ? null : fakeModelAnswer({ userMessages: users, schema });
    const promptTokens = countTokens(messages.map((message) => message.content).join(' '));
    const completionTokens = countTokens(content ?? refusal ?? '');
    return {
      status: 200,
      // OpenAI sends its rate-limit state on every completion, not only on a 429.
      headers: {
        'x-request-id': `req_${randomUUID().replace(/-/g, '')}`,
        'openai-processing-ms': '412',
        'x-ratelimit-limit-requests': '500',
        'x-ratelimit-remaining-requests': '499',
        'x-ratelimit-reset-requests': '120ms',
        'x-ratelimit-limit-tokens': '200000',
        'x-ratelimit-remaining-tokens': '199988',
        'x-ratelimit-reset-tokens': '3ms',
      },
      body: {
        id: `chatcmpl-${randomUUID().replace(/-/g, '').slice(0, 24)}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: `${body.model}-2024-07-18`,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal, annotations: [] },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
          prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
          completion_tokens_details: {
            reasoning_tokens: 0,
            audio_tokens: 0,
            accepted_prediction_tokens: 0,
            rejected_prediction_tokens: 0,
          },
        },
        service_tier: 'default',
        system_fingerprint: 'fp_0ba0d124f1',
      },
      delayMs: first.includes('fake:slow') ? (options.slowMs ?? DEFAULT_SLOW_MS) : 0,
    };
  }, options);
}

function error(
  status: number,
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
) {
  return { status, body: { error: { message, type, param, code } } };
}
