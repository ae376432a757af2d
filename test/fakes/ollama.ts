import {
  DEFAULT_SLOW_MS,
  type FakeOptions,
  type FakeServer,
  type SlowOption,
  startFake,
} from './fake-http.js';
import { countTokens, cutOff, fakeModelAnswer } from './model-answers.js';

/**
 * Ollama's REST API (github.com/ollama/ollama, docs/api.md): `GET /api/tags` answers
 * `{models: [{name, model, modified_at, size, digest, details}]}`; `POST /api/chat` with
 * `stream: false` answers one object `{model, created_at, message: {role, content}, done_reason,
 * done, total_duration, load_duration, prompt_eval_count, prompt_eval_duration, eval_count,
 * eval_duration}`, and without it streams NDJSON, as Ollama does. `format` is a JSON Schema (or
 * `json`). An unknown model is 404 `{error: "model \"x\" not found, try pulling it first"}`.
 * Triggers in the user message: fake:slow, fake:error (500), fake:malformed.
 */
export const OLLAMA_MODELS = [
  {
    name: 'llama3.2:latest',
    model: 'llama3.2:latest',
    modified_at: '2024-09-25T11:44:17.123456789-07:00',
    size: 2_019_393_189,
    digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
    details: {
      parent_model: '',
      format: 'gguf',
      family: 'llama',
      families: ['llama'],
      parameter_size: '3.2B',
      quantization_level: 'Q4_K_M',
    },
  },
  {
    name: 'qwen2.5:7b',
    model: 'qwen2.5:7b',
    modified_at: '2024-10-02T08:12:51.402145673Z',
    size: 4_683_087_332,
    digest: '845dbda0ea48ed749caafd9e6037047aa19acfcfd82e704d7ca97d631a0b697e',
    details: {
      parent_model: '',
      format: 'gguf',
      family: 'qwen2',
      families: ['qwen2'],
      parameter_size: '7.6B',
      quantization_level: 'Q4_K_M',
    },
  },
];

function knownModel(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const full = name.includes(':') ? name : `${name}:latest`;
  return OLLAMA_MODELS.find((model) => model.name === full)?.name ?? null;
}

export async function startOllamaFake(options: FakeOptions & SlowOption = {}): Promise<FakeServer> {
  return startFake((request) => {
    if (request.path === '/api/tags' && request.method === 'GET')
      return { status: 200, body: { models: OLLAMA_MODELS } };
    if (request.path === '/api/version') return { status: 200, body: { version: '0.5.7' } };
    if (request.path !== '/api/chat' || request.method !== 'POST')
      return { status: 404, body: '404 page not found' };
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return { status: 400, body: { error: 'unexpected EOF' } };
    const model = knownModel(body.model);
    if (!model)
      return {
        status: 404,
        body: { error: `model "${String(body.model)}" not found, try pulling it first` },
      };
    const messages = Array.isArray(body.messages)
      ? (body.messages as { role: string; content: string }[])
      : [];
    if (messages.length === 0) return { status: 400, body: { error: 'messages are required' } };
    const users = messages.filter((message) => message.role === 'user').map((message) => message.content);
    const last = users.at(-1) ?? '';
    if (last.includes('fake:error') || users[0]?.includes('fake:error'))
      return { status: 500, body: { error: 'llama runner process has terminated: exit status 2' } };
    if (users[0]?.includes('fake:malformed'))
      return { status: 200, body: '{"model":"llama3.2:latest","message":{"role":' };
    const format = body.format;
    if (format !== undefined && format !== 'json' && (typeof format !== 'object' || format === null)) {
      return { status: 400, body: { error: 'invalid format: expected "json" or a JSON schema' } };
    }
    const conversation = {
      userMessages: users,
      schema: typeof format === 'object' ? (format as Record<string, unknown>) : undefined,
    };
    const content = fakeModelAnswer(conversation);
    const promptTokens = countTokens(messages.map((message) => message.content).join(' '));
    const evalCount = countTokens(content);
    const answer = {
      model,
      created_at: '2024-10-02T09:30:12.334587Z',
      message: { role: 'assistant', content },
      done_reason: cutOff(conversation) ? 'length' : 'stop',
      done: true,
      total_duration: 4_883_583_458,
      load_duration: 1_334_875,
      prompt_eval_count: promptTokens,
      prompt_eval_duration: 342_546_000,
      eval_count: evalCount,
      eval_duration: 4_535_599_000,
    };
    const delayMs = users[0]?.includes('fake:slow') ? (options.slowMs ?? DEFAULT_SLOW_MS) : 0;
    if (body.stream !== false) {
      // Ollama streams by default: one JSON object per line, the last with done: true.
      const lines = [
        JSON.stringify({
          model,
          created_at: answer.created_at,
          message: { role: 'assistant', content },
          done: false,
        }),
        JSON.stringify({ ...answer, message: { role: 'assistant', content: '' } }),
      ];
      return {
        status: 200,
        headers: { 'content-type': 'application/x-ndjson' },
        body: `${lines.join('\n')}\n`,
        delayMs,
      };
    }
    return { status: 200, body: answer, delayMs };
  }, options);
}
