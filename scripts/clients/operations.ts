import type { OperationSpec } from '../../sdk/typescript/src/core/operation.js';
import { camelCase, pascalCase, snakeCase } from './names.js';
import type { JsonSchema } from './schema-ir.js';

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, JsonSchema>>;
  components?: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, JsonSchema> };
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

/** One callable operation of the API, named for each client. */
export interface Operation {
  operationId: string;
  kind: 'tool' | 'endpoint';
  /** Method name in the TypeScript SDK, function name in the Python SDK, tool name over MCP, type prefix. */
  names: { typescript: string; python: string; mcp: string; type: string };
  summary: string;
  description: string;
  spec: OperationSpec;
  parameters: Parameter[];
  /** The request body schema with a top-level `$ref` resolved; null without a body. */
  body: JsonSchema | null;
  /** JSON Schema of the flat arguments: path and query parameters, then the body per `spec.body`. */
  input: JsonSchema;
  /** Schema of the first 2xx JSON answer, as written (a `$ref` stays one). */
  response: JsonSchema | null;
  /** The request body's documented example, when it has one. */
  example: unknown;
}

export const TOOLS_PREFIX = '/api/v1/tools/';
const API_PREFIX = '/api/';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function resolve(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  const [, , section, name] = ref.split('/');
  const target = (document.components as Record<string, Record<string, JsonSchema>> | undefined)?.[section]?.[
    name
  ];
  if (!target) throw new Error(`Unresolvable reference ${ref}`);
  return resolve(document, target);
}

function parametersOf(document: OpenApiDocument, pathItem: JsonSchema, operation: JsonSchema): Parameter[] {
  const all = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]
    .map((parameter: JsonSchema) => resolve(document, parameter) as JsonSchema)
    .filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
  const byKey = new Map(all.map((parameter) => [`${parameter.in}:${parameter.name}`, parameter]));
  return [...byKey.values()].map((parameter) => ({
    name: parameter.name,
    in: parameter.in,
    required: parameter.in === 'path' || parameter.required === true,
    schema: {
      ...(parameter.schema ?? {}),
      ...(parameter.description ? { description: parameter.description } : {}),
    },
    description: parameter.description,
  }));
}

function jsonSchemaOf(content: JsonSchema | undefined): JsonSchema | undefined {
  return content?.['application/json']?.schema;
}

function firstSuccess(operation: JsonSchema): JsonSchema | null {
  const statuses = Object.keys(operation.responses ?? {})
    .filter((status) => /^2\d\d$/.test(status))
    .sort();
  for (const status of statuses) {
    const schema = jsonSchemaOf(operation.responses[status]?.content);
    if (schema) return schema;
  }
  return null;
}

/** `get /api/v1/monitors/{id}/checks` → `get_monitors_id_checks`, for an operation without an id. */
function fallbackId(method: string, path: string): string {
  return snakeCase(`${method} ${path.slice(API_PREFIX.length).replace(/^v\d+\//, '')}`);
}

function inputOf(parameters: Parameter[], body: JsonSchema | null, bodyRequired: boolean) {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    properties[parameter.name] = parameter.schema;
    if (parameter.required) required.push(parameter.name);
  }
  let mode: OperationSpec['body'] = 'none';
  if (body) {
    const fields = body.type === 'object' || body.properties ? (body.properties ?? {}) : null;
    const collides = fields && Object.keys(fields).some((name) => name in properties || name === 'body');
    if (fields && !collides) {
      mode = 'fields';
      Object.assign(properties, fields);
      required.push(...(body.required ?? []));
    } else {
      mode = 'nested';
      properties.body = body;
      if (bodyRequired) required.push('body');
    }
  }
  // A body that is the whole input (every tool's) is published as it stands, so MCP's inputSchema
  // is the request schema itself, description and all, not a copy rebuilt from its properties.
  if (mode === 'fields' && parameters.length === 0 && body) return { input: body, mode };
  const input: JsonSchema = { type: 'object', properties };
  if (required.length > 0) input.required = required;
  if (mode === 'fields' && body?.additionalProperties !== undefined) {
    input.additionalProperties = body.additionalProperties;
  }
  return { input, mode };
}

/**
 * Every operation under `/api/` of the document: each tool's POST (its free GET self-description is
 * one generic method instead), and every other endpoint (the monitors API and whatever follows).
 */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, pathItem] of Object.entries(document.paths)) {
    if (!path.startsWith(API_PREFIX)) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const isToolPath = path.startsWith(TOOLS_PREFIX);
      if (isToolPath && method !== 'post') continue;
      const kind = isToolPath ? 'tool' : 'endpoint';
      const operationId: string = operation.operationId ?? fallbackId(method, path);
      const toolName = isToolPath ? path.slice(TOOLS_PREFIX.length) : undefined;
      const parameters = parametersOf(document, pathItem, operation);
      const requestBody = resolve(document, operation.requestBody);
      const body = resolve(document, jsonSchemaOf(requestBody?.content)) ?? null;
      const { input, mode } = inputOf(parameters, body, requestBody?.required === true);
      const name = toolName ?? operationId;
      operations.push({
        operationId,
        kind,
        names: {
          typescript: camelCase(name),
          python: snakeCase(name),
          mcp: toolName ?? snakeCase(operationId),
          type: pascalCase(name),
        },
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        spec: {
          method: method.toUpperCase() as OperationSpec['method'],
          path,
          pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
          body: mode,
        },
        parameters,
        body,
        input,
        response: firstSuccess(operation),
        example: requestBody?.content?.['application/json']?.example,
      });
    }
  }
  assertUniqueNames(operations);
  return operations;
}

function assertUniqueNames(operations: Operation[]): void {
  for (const key of ['typescript', 'python', 'mcp', 'type'] as const) {
    const seen = new Map<string, string>();
    for (const operation of operations) {
      const name = operation.names[key];
      const other = seen.get(name);
      if (other) {
        throw new Error(
          `Operations ${other} and ${operation.operationId} both map to the ${key} name "${name}".`,
        );
      }
      seen.set(name, operation.operationId);
    }
  }
}
