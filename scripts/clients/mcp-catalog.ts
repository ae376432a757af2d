import type { McpCatalog, McpToolEntry } from '../../lib/mcp/catalog.js';
import { type OpenApiDocument, type Operation, operationsOf } from './operations.js';
import type { JsonSchema } from './schema-ir.js';

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs']);
const SCHEMA_VALUES = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
]);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);

/**
 * A schema an agent can read on its own: component references inlined (a client resolves none of
 * them) and `example` values dropped, which cost context tokens and say less than descriptions.
 */
function selfContained(schema: unknown, document: OpenApiDocument, expanding: string[] = []): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const source = schema as JsonSchema;
  if (typeof source.$ref === 'string') {
    const name = source.$ref.split('/').at(-1)!;
    const target = document.components?.schemas?.[name];
    // A recursive type is cut at its second appearance: any value is accepted there.
    if (!target || expanding.includes(name)) return {};
    return selfContained(target, document, [...expanding, name]);
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'example' || key === 'examples') continue;
    if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, selfContained(child, document, expanding)]),
      );
    } else if (SCHEMA_VALUES.has(key)) out[key] = selfContained(value, document, expanding);
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((child) => selfContained(child, document, expanding));
    } else out[key] = value;
  }
  return out;
}

/**
 * What a successful call's `structuredContent` holds: the 200 envelope without `success` (which
 * `isError` says), a tool's `data` widened to the stored-result handle the MCP cap may answer with.
 * Only for an envelope the document types; an untyped one gets no outputSchema.
 */
function outputSchemaOf(operation: Operation, document: OpenApiDocument): McpToolEntry['outputSchema'] {
  const response = selfContained(operation.response, document) as JsonSchema | null;
  if (response?.type !== 'object' || !response.properties?.success) return undefined;
  const { success: _success, ...properties } = response.properties;
  const data = properties.data;
  if (!data || (data.type === 'object' && data.additionalProperties && !data.properties)) return undefined;
  if (operation.kind === 'tool') {
    properties.data = {
      anyOf: [data, selfContained({ $ref: '#/components/schemas/StoredResult' }, document)],
    };
  }
  const { additionalProperties: _closed, ...open } = response;
  return {
    ...open,
    type: 'object',
    properties,
    required: (response.required ?? []).filter((name: string) => name !== 'success'),
  };
}

/** The MCP tool list: every operation of the document under its own name, from the same model as the SDKs. */
export function mcpCatalogOf(document: OpenApiDocument): McpCatalog {
  const tools = operationsOf(document).map((operation): McpToolEntry => {
    const title = operation.summary || operation.names.mcp;
    const { method } = operation.spec;
    const inputSchema = selfContained(operation.input, document) as McpToolEntry['inputSchema'];
    const outputSchema = outputSchemaOf(operation, document);
    return {
      name: operation.names.mcp,
      title,
      description: operation.description || title,
      inputSchema,
      ...(outputSchema ? { outputSchema } : {}),
      annotations: {
        title,
        ...(operation.kind === 'tool' ? { openWorldHint: true } : {}),
        ...(method === 'GET' ? { readOnlyHint: true } : {}),
        ...(method === 'DELETE' ? { destructiveHint: true, idempotentHint: true } : {}),
      },
      kind: operation.kind,
      operation: operation.spec,
      acceptsMaxInlineChars: 'max_inline_chars' in (inputSchema.properties ?? {}),
    };
  });
  return { server: { name: 'web-extraction-service', version: document.info.version }, tools };
}
