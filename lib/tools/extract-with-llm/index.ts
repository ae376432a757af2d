import { z } from '@hono/zod-openapi';
import { ApiError } from '../../errors/api-error.js';
import { jsonSchemaParam } from '../../model-answers/answer-schema.js';
import { askModel } from '../../model-answers/ask-model.js';
import { fitToBudget, pageTextForModel } from '../../model-answers/page-text.js';
import { ANY_LLM_VARIABLES, chooseLlmProvider } from '../../providers/configured/llm.js';
import { providerApiError } from '../../providers/http/api-error.js';
import { ProviderError } from '../../providers/http/provider-error.js';
import { providerTimeout } from '../../providers/http/provider-request.js';
import { LLM_PROVIDER_CHOICES, type LlmProviderId } from '../../providers/kinds/llm.js';
import { defineTool } from '../define.js';
import { fetchTimeout, requireOneOf, respectRobots, urlOrContent } from '../shared/params.js';
import { extractWithLlmResult } from './result-schema.js';

/** What is left of the ~30 s function window for the model once the page is read. */
const MODEL_WINDOW_MS = 26_000;

const SYSTEM =
  'You extract information from the content of a web page or document. Use only what the content says; ' +
  'where it does not say, answer null or say that it is not stated. Follow the instruction exactly.';
const SYSTEM_JSON = `${SYSTEM} Answer with JSON only, matching the given JSON Schema.`;

const schema = z
  .object({
    ...urlOrContent({
      url: 'Page whose main content the model reads (as markdown, through the guarded fetcher).',
      content: 'Text the model reads instead of a page.',
      contentExample: 'Acme Widget Pro. Price: 49 EUR. In stock. Ships in 2 days.',
    }),
    prompt: z.string().trim().min(1, 'prompt is required').max(20_000).openapi({
      description: 'What to extract or answer, in words.',
      example: 'Extract the product name, its price and the currency.',
    }),
    schema: jsonSchemaParam(
      'JSON Schema the answer must match. The answer is validated; a failing one is retried once with the errors, then 502 with them.',
      {
        type: 'object',
        properties: { name: { type: 'string' }, price: { type: 'number' }, currency: { type: 'string' } },
        required: ['name', 'price'],
      },
    ).optional(),
    provider: z.enum(LLM_PROVIDER_CHOICES).default('auto').openapi({
      description:
        '`auto`: the first configured of `local` (Ollama), `hosted_a` (OpenAI-compatible), `hosted_b` (Anthropic).',
      example: 'auto',
    }),
    model: z.string().trim().min(1).max(200).optional().openapi({
      description: "Model name at that provider; each provider's default when omitted.",
      example: 'llama3.2',
    }),
    maxTokens: z.number().int().min(1).max(32_000).default(4_096).openapi({
      description: 'Most tokens the answer may take (1–32000).',
      example: 1_024,
    }),
    timeout: fetchTimeout({ default: 15_000 }),
    respect_robots: respectRobots,
  })
  .refine(...requireOneOf('url', 'content'));

export interface ExtractWithLlmData {
  extracted: unknown;
  provider: LlmProviderId;
  provider_used: LlmProviderId;
  model_used: string;
  tokens_used: number;
  prompt_used: string;
}

export const extractWithLlmTool = defineTool({
  name: 'extract_with_llm',
  kind: 'providers',
  summary:
    'Extract or answer from a page or a text with a language model, optionally as JSON matching a schema.',
  description:
    'Reads a page (`url`, main content as markdown) or a supplied `content`, cut to the model’s input budget ' +
    'with a warning, and asks a language model the `prompt`. With `schema` the answer is JSON validated against ' +
    'it (one retry with the validation errors, then 502 with them). `provider: auto` takes the first configured ' +
    `of local, hosted_a, hosted_b. Needs ${ANY_LLM_VARIABLES}; without one it answers 503 TOOL_NOT_AVAILABLE, ` +
    'uncharged. Free plan: 2 requests per second on this tool.',
  price: 3,
  basePrice: 3,
  rateLimitPerSecond: { free: 2 },
  schema,
  result: extractWithLlmResult,
  example: {
    content: 'Acme Widget Pro. Price: 49 EUR. In stock. Ships in 2 days.',
    prompt: 'Extract the product name, its price and the currency.',
    schema: {
      type: 'object',
      properties: { name: { type: 'string' }, price: { type: 'number' }, currency: { type: 'string' } },
      required: ['name', 'price'],
    },
  },
  async run(ctx, input): Promise<{ data: ExtractWithLlmData }> {
    const started = performance.now();
    // The provider is chosen before the page is fetched: without one, nothing is read.
    const provider = chooseLlmProvider(ctx.services.config, input.provider, 'extract_with_llm');
    let text: string;
    if (input.url !== undefined) {
      if (input.content !== undefined) ctx.warn('content ignored: url wins when both are sent');
      text = (
        await pageTextForModel(ctx, input.url, {
          tool: 'extract_with_llm',
          timeoutMs: input.timeout,
          respectRobots: input.respect_robots,
        })
      ).text;
    } else text = input.content ?? '';
    const fitted = fitToBudget(text, provider.inputBudgetChars);
    if (fitted.warning) ctx.warn(fitted.warning);

    const remaining = () =>
      providerTimeout(
        Math.max(1_000, MODEL_WINDOW_MS - (performance.now() - started)),
        ctx.services.config.PROVIDER_TIMEOUT_MS,
      );
    const model = input.model ?? provider.defaultModel;
    let reply: Awaited<ReturnType<typeof askModel>>;
    try {
      reply = await askModel({
        provider,
        model,
        system: input.schema ? SYSTEM_JSON : SYSTEM,
        prompt: `${input.prompt}\n\n<content>\n${fitted.text}\n</content>`,
        schema: input.schema,
        maxTokens: input.maxTokens,
        timeoutMs: remaining,
        signal: ctx.signal,
      });
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'not_found' && input.model !== undefined) {
        throw new ApiError('VALIDATION_ERROR', `The ${provider.id} provider has no model "${input.model}".`, {
          details: [{ field: 'model', message: `not available at ${provider.label}` }],
        });
      }
      throw providerApiError(error, { tool: 'extract_with_llm', what: 'language model provider' });
    }
    return {
      data: {
        extracted: reply.value,
        provider: provider.id,
        provider_used: provider.id,
        model_used: reply.model,
        tokens_used: reply.tokensUsed,
        prompt_used: input.prompt,
      },
    };
  },
});
