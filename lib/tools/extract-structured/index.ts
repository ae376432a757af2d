import { z } from '@hono/zod-openapi';
import type { FieldIssue } from '../../errors/api-error.js';
import { PageDocument } from '../../extract/page-document.js';
import { assertValidSelector } from '../../extract/selector.js';
import { checkAnswer, jsonSchemaParam } from '../../model-answers/answer-schema.js';
import { askModel } from '../../model-answers/ask-model.js';
import { fitToBudget } from '../../model-answers/page-text.js';
import { ANY_LLM_VARIABLES, chooseLlmProvider } from '../../providers/configured/llm.js';
import { providerApiError } from '../../providers/http/api-error.js';
import { providerTimeout } from '../../providers/http/provider-request.js';
import { LLM_PROVIDER_CHOICES, type LlmProvider, type LlmProviderId } from '../../providers/kinds/llm.js';
import { type FieldSelector, type FieldSource, fillFromMarkup } from '../../structured/fill.js';
import { markupValues } from '../../structured/markup-values.js';
import { defineTool, type ToolContext } from '../define.js';
import { loadPageSource } from '../shared/page-source.js';
import { fetchTimeout, httpUrl, respectRobots, suppliedHtml } from '../shared/params.js';
import { extractStructuredResult } from '../shared/result-schemas/extract-structured.js';

const MODEL_WINDOW_MS = 24_000;

const fieldSelector = z.union([
  z.string().min(1),
  z.object({
    selector: z.string().min(1),
    attribute: z
      .string()
      .regex(/^[A-Za-z_:][-A-Za-z0-9_:.]*$/)
      .optional(),
  }),
]);

const schema = z
  .object({
    url: httpUrl(
      'Page to read. One of `url` or `html` is required; `html` wins when both are sent.',
      'https://shop.example.com/products/widget',
    ).optional(),
    html: suppliedHtml(
      'Markup to read instead of fetching a page.',
      '<script type="application/ld+json">{"@type":"Product","name":"Widget"}</script>',
    ),
    schema: jsonSchemaParam(
      'JSON Schema (type object) of the record to fill: one field per top-level property.',
      {
        type: 'object',
        properties: { name: { type: 'string' }, price: { type: 'number' }, currency: { type: 'string' } },
      },
    ),
    selectors: z
      .record(z.string(), fieldSelector)
      .optional()
      .openapi({
        description:
          'Per-field CSS selectors, tried before the page markup: a selector (the text of its match) or `{selector, attribute}`. An array field takes every match.',
        example: { price: '.price', image: { selector: 'img.hero', attribute: 'src' } },
      }),
    mode: z.enum(['markup', 'model']).default('markup').openapi({
      description:
        '`markup` (default): JSON-LD, microdata, RDFa, Open Graph and meta tags, plus `selectors`; no model. `model`: the same, then a language model fills the fields the markup left empty.',
      example: 'markup',
    }),
    provider: z
      .enum(LLM_PROVIDER_CHOICES)
      .default('auto')
      .openapi({ description: 'Model provider for `mode: model`.', example: 'auto' }),
    model: z.string().trim().min(1).max(200).optional().openapi({
      description: "Model for `mode: model`; the provider's default when omitted.",
      example: 'llama3.2',
    }),
    timeout: fetchTimeout({ default: 15_000 }),
    respect_robots: respectRobots,
  })
  .superRefine((input, ctx) => {
    if (input.url === undefined && input.html === undefined) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'one of url or html is required' });
    }
    const root = input.schema;
    const properties = root.properties;
    if (
      (root.type !== undefined && root.type !== 'object') ||
      !properties ||
      typeof properties !== 'object' ||
      Object.keys(properties).length === 0
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['schema'],
        message: 'must be an object schema with at least one property',
      });
      return;
    }
    for (const [field, selector] of Object.entries(input.selectors ?? {})) {
      if (!(field in (properties as object))) {
        ctx.addIssue({
          code: 'custom',
          path: ['selectors', field],
          message: 'is not a property of the schema',
        });
        continue;
      }
      try {
        assertValidSelector(typeof selector === 'string' ? selector : selector.selector);
      } catch {
        ctx.addIssue({ code: 'custom', path: ['selectors', field], message: 'is not a valid CSS selector' });
      }
    }
  });

export interface ExtractStructuredData {
  url: string | null;
  extracted: Record<string, unknown>;
  field_sources: Record<string, FieldSource | null>;
  missing_fields: string[];
  schema_valid: boolean;
  validation_errors: FieldIssue[];
  mode: 'markup' | 'model';
  provider_used: LlmProviderId | null;
  model_used: string | null;
  extracted_at: string;
}

export const extractStructuredTool = defineTool({
  name: 'extract_structured',
  kind: 'pages',
  summary:
    'Fill a JSON Schema from a page’s structured markup (JSON-LD, microdata, RDFa, Open Graph) and CSS selectors.',
  description:
    'Fills the top-level properties of a caller-given JSON Schema from the page: per-field CSS `selectors` first, ' +
    'then JSON-LD, microdata, RDFa, Open Graph and meta tags, in that order of trust, matching schema.org names and ' +
    'common synonyms (`title` ↔ `headline`, `price` ↔ `offers.price`). `field_sources` says which source filled each ' +
    'field; the record is validated against the schema and the result reported, not refused. `mode: model` lets a ' +
    `language model fill what the markup left empty (needs ${ANY_LLM_VARIABLES}; 503 otherwise).`,
  price: 3,
  // Supplied `html` read from its markup alone; `mode: model` asks a provider, which costs money.
  chargesAfterRun: (input) => input.html !== undefined && input.mode !== 'model',
  basePrice: 3,
  schema,
  result: extractStructuredResult,
  example: {
    url: 'https://shop.example.com/products/widget',
    schema: {
      type: 'object',
      properties: { name: { type: 'string' }, price: { type: 'number' }, currency: { type: 'string' } },
    },
  },
  async run(ctx, input): Promise<{ data: ExtractStructuredData }> {
    const started = performance.now();
    const provider =
      input.mode === 'model'
        ? chooseLlmProvider(ctx.services.config, input.provider, 'extract_structured')
        : null;
    const source = await loadPageSource(ctx, input, {
      tool: 'extract_structured',
      timeoutMs: input.timeout,
      respectRobots: input.respect_robots,
    });
    const html = source.from === 'html' ? source.html : source.page.body;
    const pageUrl = source.from === 'html' ? (input.url ?? 'https://invalid.invalid/') : source.page.finalUrl;
    const document = PageDocument.parse(html, pageUrl);
    const selectors = (input.selectors ?? {}) as Record<string, FieldSelector>;
    const filled = fillFromMarkup(input.schema, markupValues(document), selectors, document.$);

    let modelUsed: string | null = null;
    if (provider && filled.missing.length > 0) {
      modelUsed = await fillWithModel(ctx, provider, input, document, filled, started);
    }
    const check = checkAnswer(input.schema, filled.extracted);
    return {
      data: {
        url: source.from === 'html' ? (input.url ?? null) : source.page.finalUrl,
        extracted: filled.extracted,
        field_sources: filled.sources,
        missing_fields: filled.missing,
        schema_valid: check.valid,
        validation_errors: check.errors,
        mode: input.mode,
        provider_used: modelUsed ? (provider?.id ?? null) : null,
        model_used: modelUsed,
        extracted_at: new Date().toISOString(),
      },
    };
  },
});

/**
 * The model sees the page's main content and a schema of only the missing fields, each allowed to
 * be null (a model that does not find a value must be able to say so). Markup values stay: what the
 * page states outright beats what a model reads into it. Returns the model that answered.
 */
async function fillWithModel(
  ctx: ToolContext,
  provider: LlmProvider,
  input: { schema: Record<string, unknown>; model?: string },
  document: PageDocument,
  filled: ReturnType<typeof fillFromMarkup>,
  started: number,
): Promise<string> {
  const properties = input.schema.properties as Record<string, Record<string, unknown>>;
  const subset = {
    type: 'object',
    properties: Object.fromEntries(
      filled.missing.map((field) => [field, { anyOf: [properties[field], { type: 'null' }] }]),
    ),
  };
  const text = fitToBudget(document.markdown({ onlyMainContent: false }), provider.inputBudgetChars);
  if (text.warning) ctx.warn(text.warning);
  let reply: Awaited<ReturnType<typeof askModel>>;
  try {
    reply = await askModel({
      provider,
      model: input.model ?? provider.defaultModel,
      system:
        'You fill a record from a web page. Use only what the page says; answer null for anything it does not state. Answer with JSON only, matching the given JSON Schema.',
      prompt: `Fill these fields from the page: ${filled.missing.join(', ')}.\n\n<content>\n${text.text}\n</content>`,
      schema: subset,
      maxTokens: 2_048,
      timeoutMs: () =>
        providerTimeout(
          Math.max(1_000, MODEL_WINDOW_MS - (performance.now() - started)),
          ctx.services.config.PROVIDER_TIMEOUT_MS,
        ),
      signal: ctx.signal,
    });
  } catch (error) {
    throw providerApiError(error, { tool: 'extract_structured', what: 'language model provider' });
  }
  const answer = (reply.value ?? {}) as Record<string, unknown>;
  for (const field of [...filled.missing]) {
    const value = answer[field];
    if (value === null || value === undefined || !checkAnswer(properties[field], value).valid) continue;
    filled.extracted[field] = value;
    filled.sources[field] = 'model';
    filled.missing.splice(filled.missing.indexOf(field), 1);
  }
  return reply.model;
}
