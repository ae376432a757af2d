import { ApiError } from '../errors/api-error.js';
import type { JsonSchema, LlmMessage, LlmProvider } from '../providers/kinds/llm.js';
import { checkAnswer, parseJsonAnswer } from './answer-schema.js';

export interface ModelCall {
  provider: LlmProvider;
  model: string;
  system: string;
  prompt: string;
  schema?: JsonSchema;
  /** The response field the answer lands in, for the paths of validation errors (`extracted`). */
  answerField?: string;
  maxTokens: number;
  /** Milliseconds for a provider call, asked before each one (what is left of the window). */
  timeoutMs: () => number;
  signal: AbortSignal;
}

export interface ModelReply {
  /** The parsed and validated JSON with a schema; the answer text without one. */
  value: unknown;
  model: string;
  tokensUsed: number;
  attempts: number;
}

function notJson(parserError: string, cutOff: boolean): string {
  const why = cutOff ? '; it stopped at the token limit before the JSON was complete' : '';
  return `the answer is not JSON (${parserError})${why}`;
}

/**
 * One question to a model. With a schema the answer must parse as JSON and validate; a failing
 * answer is sent back once with the validation errors, and a second failure is 502 with them in
 * `details` (uncharged, like every error). Provider failures propagate as ProviderError.
 */
export async function askModel(call: ModelCall): Promise<ModelReply> {
  const messages: LlmMessage[] = [{ role: 'user', content: call.prompt }];
  let tokensUsed = 0;
  for (let attempt = 1; ; attempt += 1) {
    const answer = await call.provider.complete(
      { model: call.model, system: call.system, messages, schema: call.schema, maxTokens: call.maxTokens },
      { signal: call.signal, timeoutMs: call.timeoutMs() },
    );
    tokensUsed += answer.tokensUsed;
    if (!call.schema)
      return { value: answer.text.trim(), model: answer.model, tokensUsed, attempts: attempt };

    const field = call.answerField ?? 'extracted';
    const parsed = parseJsonAnswer(answer.text);
    const check = parsed.ok
      ? checkAnswer(call.schema, parsed.value, field)
      : { valid: false, errors: [{ field, message: notJson(parsed.error, answer.cutOff === true) }] };
    if (check.valid && parsed.ok)
      return { value: parsed.value, model: answer.model, tokensUsed, attempts: attempt };
    if (attempt >= 2) {
      throw new ApiError(
        'TOOL_ERROR',
        `The model's answer did not match the schema after a retry (${call.provider.label}).`,
        {
          status: 502,
          details: check.errors,
          extra: { model_used: answer.model, provider_used: call.provider.id },
        },
      );
    }
    messages.push(
      { role: 'assistant', content: answer.text },
      {
        role: 'user',
        content:
          'That answer does not validate against the JSON Schema:\n' +
          check.errors.map((error) => `- ${error.field}: ${error.message}`).join('\n') +
          '\nAnswer again with JSON only, matching the schema exactly.',
      },
    );
  }
}
