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
 * Anthropic Messages (docs.anthropic.com/en/api/messages): `POST /v1/messages` with `x-api-key` and
 * `anthropic-version`; `model`, `max_tokens` and `messages` required. Answers `{id, type: 'message',
 * role, model, content: [{type: 'text', text} | {type: 'tool_use', id, name, input}], stop_reason,
 * stop_sequence, usage}`; with `tools` and a forcing `tool_choice` the answer is the tool call.
 * Errors are `{type: 'error', error: {type, message}}` (docs.anthropic.com/en/api/errors):
 * 400 invalid_request_error, 401 authentication_error, 404 not_found_error, 429 rate_limit_error
 * (with retry-after and anthropic-ratelimit-* headers), 500 api_error, 529 overloaded_error.
 * Triggers in the first user message: fake:slow, fake:ratelimit, fake:overloaded, fake:error, fake:malformed.
 */
export const ANTHROPIC_TEST_KEY = 'sk-ant-api03-test-9f8e7d6c5b4a3f2e1d0c';
const MODELS = new Set(['claude-haiku-4-5', 'claude-sonnet-4-5', 'claude-3-5-haiku-latest']);

export async function startAnthropicFake(
  options: FakeOptions & SlowOption & { apiKey?: string } = {},
): Promise<FakeServer> {
  const apiKey = options.apiKey ?? ANTHROPIC_TEST_KEY;
  return startFake((request) => {
    if (request.path !== '/v1/messages' || request.method !== 'POST')
      return error(404, 'not_found_error', 'Not found');
    if (request.headers['x-api-key'] !== apiKey)
      return error(401, 'authentication_error', 'invalid x-api-key');
    if (!request.headers['anthropic-version'])
      return error(400, 'invalid_request_error', 'anthropic-version: header is required');
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body.max_tokens !== 'number')
      return error(400, 'invalid_request_error', 'max_tokens: Field required');
    if (typeof body.model !== 'string' || !MODELS.has(body.model))
      return error(404, 'not_found_error', `model: ${String(body.model)}`);
    const messages = Array.isArray(body.messages)
      ? (body.messages as { role: string; content: string }[])
      : [];
    if (messages.length === 0 || messages[0].role !== 'user') {
      return error(400, 'invalid_request_error', 'messages: first message must use the "user" role');
    }
    const tools = Array.isArray(body.tools)
      ? (body.tools as { name: string; input_schema?: Record<string, unknown> }[])
      : [];
    for (const tool of tools) {
      if (tool.input_schema?.type !== 'object')
        return error(400, 'invalid_request_error', "tools.0.input_schema.type: Input should be 'object'");
    }
    const choice = body.tool_choice as { type?: string; name?: string } | undefined;
    const forced = choice?.type === 'tool' ? tools.find((tool) => tool.name === choice.name) : undefined;
    if (choice?.type === 'tool' && !forced)
      return error(400, 'invalid_request_error', `tool_choice: tool ${choice.name} not found`);
    const users = messages.filter((message) => message.role === 'user').map((message) => message.content);
    const first = users[0] ?? '';
    if (first.includes('fake:ratelimit')) {
      return {
        ...error(
          429,
          'rate_limit_error',
          'This request would exceed the rate limit for your organization of 50 requests per minute.',
        ),
        headers: {
          'retry-after': '7',
          'anthropic-ratelimit-requests-limit': '50',
          'anthropic-ratelimit-requests-remaining': '0',
          'anthropic-ratelimit-requests-reset': '2024-10-02T09:31:00Z',
        },
      };
    }
    if (first.includes('fake:overloaded')) return error(529, 'overloaded_error', 'Overloaded');
    if (first.includes('fake:error')) return error(500, 'api_error', 'Internal server error');
    if (first.includes('fake:malformed'))
      return { status: 200, body: '{"id":"msg_1","type":"message","content":[' };
    const answer = fakeModelAnswer({ userMessages: users, schema: forced?.input_schema });
    const content = forced
      ? [
          {
            type: 'tool_use',
            id: `toolu_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
            name: forced.name,
            input: JSON.parse(answer),
          },
        ]
      : [{ type: 'text', text: answer }];
    return {
      status: 200,
      // Anthropic sends its rate-limit state on every answer.
      headers: {
        'request-id': `req_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
        'anthropic-ratelimit-requests-limit': '50',
        'anthropic-ratelimit-requests-remaining': '49',
        'anthropic-ratelimit-requests-reset': '2024-10-02T09:31:00Z',
        'anthropic-ratelimit-input-tokens-limit': '50000',
        'anthropic-ratelimit-input-tokens-remaining': '49990',
        'anthropic-ratelimit-output-tokens-limit': '10000',
        'anthropic-ratelimit-output-tokens-remaining': '9999',
      },
      body: {
        id: `msg_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content,
        stop_reason: forced ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: {
          input_tokens: countTokens(
            `${String(body.system ?? '')} ${messages.map((message) => message.content).join(' ')}`,
          ),
          output_tokens: countTokens(answer),
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      },
      delayMs: first.includes('fake:slow') ? (options.slowMs ?? DEFAULT_SLOW_MS) : 0,
    };
  }, options);
}

function error(status: number, type: string, message: string) {
  return { status, body: { type: 'error', error: { type, message } } };
}
