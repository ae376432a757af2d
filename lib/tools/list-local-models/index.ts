import { z } from '@hono/zod-openapi';
import { ApiError } from '../../errors/api-error.js';
import { LLM_VARIABLES } from '../../providers/configured/llm.js';
import { notConfigured } from '../../providers/configured/not-configured.js';
import { providerApiError } from '../../providers/http/api-error.js';
import { ProviderError } from '../../providers/http/provider-error.js';
import { providerTimeout } from '../../providers/http/provider-request.js';
import { type LocalModel, listLocalModels, ollamaBaseUrl } from '../../providers/ollama/index.js';
import { defineTool } from '../define.js';
import { listLocalModelsResult } from './result-schema.js';

/** Listing models is a local call; a runtime that takes longer than this is not answering. */
const TAGS_TIMEOUT_MS = 5_000;

export interface ListLocalModelsData {
  base_url: string;
  count: number;
  models: LocalModel[];
}

export const listLocalModelsTool = defineTool({
  name: 'list_local_models',
  kind: 'providers',
  summary: 'The models installed in the local model runtime (Ollama), with size, date and digest.',
  description:
    "Lists the models of the local runtime from Ollama's /api/tags: name, size in bytes, modified_at and digest. " +
    `Needs ${LLM_VARIABLES.local}. On the hosted service there is usually no local runtime: then, and whenever ` +
    'the runtime does not answer, the call fails with 503 TOOL_NOT_AVAILABLE, uncharged.',
  price: 1,
  basePrice: 1,
  schema: z.object({}).openapi({ description: 'No parameters: send `{}`.' }),
  result: listLocalModelsResult,
  example: {},
  async run(ctx): Promise<{ data: ListLocalModelsData }> {
    const host = ctx.services.config.OLLAMA_HOST;
    if (!host) throw notConfigured('list_local_models', 'a local model runtime', LLM_VARIABLES.local);
    const baseUrl = ollamaBaseUrl(host);
    let models: LocalModel[];
    try {
      models = await listLocalModels(baseUrl, {
        signal: ctx.signal,
        timeoutMs: providerTimeout(TAGS_TIMEOUT_MS, ctx.services.config.PROVIDER_TIMEOUT_MS),
      });
    } catch (error) {
      if (error instanceof ProviderError && (error.kind === 'unreachable' || error.kind === 'timeout')) {
        throw new ApiError(
          'TOOL_NOT_AVAILABLE',
          `No local model runtime answers at ${baseUrl} (OLLAMA_HOST): ${error.message}.`,
          {
            extra: { provider: error.provider, provider_failure: error.kind },
          },
        );
      }
      throw providerApiError(error, { tool: 'list_local_models', what: 'local model runtime' });
    }
    return { data: { base_url: baseUrl, count: models.length, models } };
  },
});
