import type { CallOptions } from './call-options.js';

/** A language model provider: one chat turn in, one answer out, optionally shaped by a JSON Schema. */
export type LlmProviderId = 'local' | 'hosted_a' | 'hosted_b';
/** The `provider` parameter of the model tools: a provider, or `auto` for the first configured. */
export const LLM_PROVIDER_CHOICES = ['auto', 'local', 'hosted_a', 'hosted_b'] as const;
export type JsonSchema = Record<string, unknown>;

export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface LlmRequest {
  model: string;
  system: string;
  messages: LlmMessage[];
  /** The answer must be JSON matching this schema (the provider's structured-output mechanism). */
  schema?: JsonSchema;
  maxTokens: number;
}

export interface LlmAnswer {
  /** The answer text; with a schema, the JSON text of the answer. */
  text: string;
  /** The model that answered, as the provider names it. */
  model: string;
  /** Prompt and completion tokens together. */
  tokensUsed: number;
  /** The model stopped at the token limit, so the text ends mid-answer (Ollama `done_reason: length`). */
  cutOff?: boolean;
}

export interface LlmProvider {
  readonly id: LlmProviderId;
  readonly label: string;
  readonly defaultModel: string;
  /** Characters of page text that fit the default model's context with room for the answer. */
  readonly inputBudgetChars: number;
  complete(request: LlmRequest, options: CallOptions): Promise<LlmAnswer>;
}

/**
 * OpenAI's json_schema response format and Anthropic's tool input both need an object at the root.
 * Another root (an array, a string) is wrapped as `{value: ...}` on the way out and unwrapped here.
 */
const WRAPPED = 'value';

export function objectRootSchema(schema: JsonSchema): { schema: JsonSchema; wrapped: boolean } {
  if (schema.type === 'object' || (schema.type === undefined && typeof schema.properties === 'object')) {
    return { schema, wrapped: false };
  }
  return {
    schema: {
      type: 'object',
      properties: { [WRAPPED]: schema },
      required: [WRAPPED],
      additionalProperties: false,
    },
    wrapped: true,
  };
}

export function unwrapRoot(json: string, wrapped: boolean): string {
  if (!wrapped) return json;
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    return JSON.stringify(parsed?.[WRAPPED] ?? null);
  } catch {
    return json;
  }
}
