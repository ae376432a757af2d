import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from '@hono/zod-openapi';
import { type ErrorCode, errorCodes } from '../errors/codes.js';
import type { AnyToolSchema, ToolDefinition, ToolKind } from '../tools/define.js';
import { toolJsonSchema } from '../tools/json-schema.js';
import { storedResultSchema } from '../tools/shared/stored-result.js';
import type { AppEnv } from './env.js';
import { requestJsonSchema, responseJsonSchema, toolPath } from './self-description.js';
import { toolSuccessSchema } from './tool-success.js';

const errorResponse = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().openapi({ example: 'VALIDATION_ERROR' }),
      message: z.string(),
      details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    }),
  })
  .openapi('ErrorResponse');

const toolSuccess = toolSuccessSchema(
  z.record(z.string(), z.unknown()).openapi({ description: 'Tool-specific result' }),
).openapi('ToolSuccess');

const toolInfo = z
  .object({
    success: z.literal(true),
    data: z.object({
      name: z.string(),
      summary: z.string(),
      description: z.string(),
      method: z.literal('POST'),
      path: z.string(),
      credits: z.number().int(),
      price: z.number().int(),
      pricing: z.object({ base: z.number().int(), notes: z.array(z.string()).optional() }),
      request_schema: z.record(z.string(), z.unknown()),
      response_schema: z
        .record(z.string(), z.unknown())
        .openapi({ description: 'JSON Schema of the 200 answer, `data` typed' }),
      example: z.record(z.string(), z.unknown()),
    }),
  })
  .openapi('ToolInfo');

/** Either scheme works on every path (see authenticate): a caller authorises once, with either. */
const API_KEY_SECURITY: Array<Record<string, string[]>> = [{ ApiKeyAuth: [] }, { BearerAuth: [] }];

function registerKeySchemes(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKeyAuth', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'BearerAuth', { type: 'http', scheme: 'bearer' });
}

const errorStatuses: Record<string, string> = {
  '400': 'VALIDATION_ERROR: parameters invalid',
  '401': 'MISSING_API_KEY or INVALID_API_KEY',
  '402': 'INSUFFICIENT_CREDITS (header X-Auto-Recharge-Triggered)',
  '403': 'robots.txt disallows the URL, host opted out, private address, or a bot wall',
  '404':
    'The target answered 404 (UPSTREAM_HTTP), a stored result or browser session is unknown or expired, or a page element is missing',
  '413': 'Request body or fetched response too large',
  '415': 'UNSUPPORTED_CONTENT_TYPE: the target is a binary document (next_step: process_document)',
  '422': 'FORM_VALIDATION_FAILED or ACTION_FAILED: the page refused the input or an action could not run',
  '429': 'RATE_LIMIT_EXCEEDED (Retry-After: 60), the target asked to wait, or SESSION_LIMIT_REACHED',
  '500': 'TOOL_ERROR, INTERNAL_ERROR or CREDIT_DEDUCTION_FAILED',
  '502': 'BLOCKED, UPSTREAM_HTTP or FETCH_FAILED: the target could not be read',
  '503': 'TOOL_NOT_AVAILABLE: a backend the call needs is not configured',
  '504': 'FETCH_TIMEOUT: the target did not answer in time',
};

/** What a few codes say, for the reference's examples; the rest show their status's description. */
const exampleMessages: Partial<Record<ErrorCode, string>> = {
  VALIDATION_ERROR: 'url: Invalid URL',
  MISSING_API_KEY: 'Send your API key in the X-API-Key header or as Authorization: Bearer <key>.',
  INVALID_API_KEY: 'The API key is not valid or has been revoked.',
  INSUFFICIENT_CREDITS: 'This call needs 2 credits; the balance is 1.',
  ROBOTS_DISALLOWED: 'robots.txt of example.com disallows /private for WebExtractBot.',
  RATE_LIMIT_EXCEEDED: 'Rate limit exceeded: retry after 60 seconds.',
  FETCH_TIMEOUT: 'https://example.com/slow did not answer within 15000 ms.',
};

/** One example per code the status carries, so /docs shows 401 as MISSING_API_KEY or INVALID_API_KEY. */
function errorExamples(status: string, description: string) {
  const codes = (Object.entries(errorCodes) as [ErrorCode, number][]).filter(
    ([, code]) => String(code) === status,
  );
  return Object.fromEntries(
    codes.map(([code]) => [
      code,
      {
        value: {
          success: false,
          error: {
            code,
            message: exampleMessages[code] ?? description,
            ...(code === 'VALIDATION_ERROR' ? { details: [{ field: 'url', message: 'Invalid URL' }] } : {}),
          },
        },
      },
    ]),
  );
}

function errorResponses() {
  return Object.fromEntries(
    Object.entries(errorStatuses).map(([status, description]) => [
      status,
      {
        description,
        content: {
          'application/json': { schema: errorResponse, examples: errorExamples(status, description) },
        },
      },
    ]),
  );
}

/** The /docs groups of the tools, by kind, in the README's order; monitors and account follow. */
const REFERENCE_TAGS: Record<ToolKind, string> = {
  pages: 'pages',
  sites: 'sites, batches and documents',
  browsers: 'browsers',
  providers: 'providers',
  templates: 'templates',
};
const SELF_DESCRIPTIONS_TAG = 'self-descriptions';

const TAG_DESCRIPTIONS: { name: string; description: string }[] = [
  {
    name: REFERENCE_TAGS.pages,
    description: 'One page (or supplied HTML or text) read, extracted or analysed.',
  },
  { name: REFERENCE_TAGS.sites, description: 'Whole sites, batches of URLs and documents (PDF, CSV).' },
  {
    name: REFERENCE_TAGS.browsers,
    description: 'Tools that drive a real browser: forms, actions, live sessions, stealth.',
  },
  {
    name: REFERENCE_TAGS.providers,
    description: 'Tools backed by a search engine, an archive or a language model.',
  },
  { name: REFERENCE_TAGS.templates, description: 'Clean records from known sites and platform APIs.' },
  { name: 'monitors', description: 'Hosted change monitors: schedules, checks, webhooks and email. Free.' },
  { name: 'account', description: 'Usage and balance of the calling key’s account. Free.' },
  {
    name: SELF_DESCRIPTIONS_TAG,
    description: 'GET on a tool path: its price, request and response schemas. Free, no key.',
  },
];

/** `extract_text` → `ExtractTextResult`: the component both SDKs name the tool's result type after. */
function resultComponentName(tool: ToolDefinition<AnyToolSchema>): string {
  return `${tool.name.replace(/(^|_)([a-z])/g, (_match, _sep, letter: string) => letter.toUpperCase())}Result`;
}

/** The 200 envelope with `data` a reference to the tool's result, registered as its own component. */
function successSchema(app: OpenAPIHono<AppEnv>, tool: ToolDefinition<AnyToolSchema>) {
  const envelope = responseJsonSchema(tool);
  if (!envelope) return toolSuccess;
  const name = resultComponentName(tool);
  app.openAPIRegistry.registerComponent('schemas', name, envelope.properties.data);
  return {
    ...envelope,
    properties: { ...envelope.properties, data: { $ref: `#/components/schemas/${name}` } },
  };
}

export function registerToolPaths(app: OpenAPIHono<AppEnv>, tool: ToolDefinition<AnyToolSchema>): void {
  const path = toolPath(tool.name);
  app.openAPIRegistry.registerPath({
    method: 'post',
    path,
    operationId: tool.name,
    summary: tool.summary,
    description: `${tool.description}\n\nCredits: ${tool.basePrice}.${tool.pricingNotes ? ` ${tool.pricingNotes.join(' ')}` : ''}`,
    tags: [REFERENCE_TAGS[tool.kind]],
    security: API_KEY_SECURITY,
    request: {
      body: {
        required: true,
        content: { 'application/json': { schema: requestJsonSchema(tool), example: tool.example } },
      },
    },
    responses: {
      '200': {
        description: `Success envelope; \`data\` is ${resultComponentName(tool)}, or a StoredResult handle when it is over \`max_inline_chars\` (read it with read_result)`,
        content: { 'application/json': { schema: successSchema(app, tool) } },
      },
      ...errorResponses(),
    },
  });
  app.openAPIRegistry.registerPath({
    method: 'get',
    path,
    operationId: `${tool.name}_describe`,
    summary: `Self-description of ${tool.name} (free, no key)`,
    tags: [SELF_DESCRIPTIONS_TAG],
    responses: {
      '200': {
        description: 'Price, request schema and example',
        content: { 'application/json': { schema: toolInfo } },
      },
    },
  });
}

/**
 * Shown at the top of /docs: where the contract is written in words. The pages live in the
 * repository (docs/reference/), beside the code that keeps them.
 */
const CONTRACT_PAGES_NOTE = [
  'Metered web tools behind one API key, sent as `X-API-Key` or as `Authorization: Bearer` on every path ' +
    '(authorise with either). Every error response charges nothing. Your usage and monitors: [/dashboard](/dashboard).',
  '',
  'What each tool does, its limits, prices, errors and examples are written down in the repository, ' +
    'one page per group under `docs/reference/`: `pages.md` (page tools), `sites-batches-documents.md`, ' +
    '`browsers.md`, `providers.md`, `templates.md` (site templates) and `monitors.md`; the shared ' +
    'rules (envelope, keys, credits, rate limits, common errors) are in `docs/reference/README.md`. ' +
    'This reference gives every parameter with its exact bounds.',
].join('\n');

export function serveOpenApiDocument(app: OpenAPIHono<AppEnv>): void {
  registerKeySchemes(app);
  // The envelope every tool answers, for a client calling a tool by name (the SDKs' callTool).
  app.openAPIRegistry.registerComponent('schemas', 'ToolSuccess', toolJsonSchema(toolSuccess, 'output'));
  app.openAPIRegistry.registerComponent(
    'schemas',
    'StoredResult',
    toolJsonSchema(storedResultSchema, 'output'),
  );
  app.doc31('/openapi.json', (c) => ({
    openapi: '3.1.0',
    info: {
      title: 'Web Extraction Service API',
      version: '1.0.0',
      description: CONTRACT_PAGES_NOTE,
    },
    servers: [{ url: new URL(c.req.url).origin }],
    tags: TAG_DESCRIPTIONS,
  }));
}
