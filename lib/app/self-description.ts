import type { AnyToolSchema, ToolDefinition } from '../tools/define.js';
import { type JsonSchema, toolJsonSchema } from '../tools/json-schema.js';
import { toolSuccessSchema } from './tool-success.js';

export const TOOLS_BASE_PATH = '/api/v1/tools';

export function toolPath(name: string): string {
  return `${TOOLS_BASE_PATH}/${name}`;
}

const requestSchemas = new WeakMap<ToolDefinition<AnyToolSchema>, JsonSchema>();

/** The tool's request schema as published everywhere (self-description, OpenAPI, MCP), built once. */
export function requestJsonSchema(tool: ToolDefinition<AnyToolSchema>): JsonSchema {
  let schema = requestSchemas.get(tool);
  if (!schema) {
    schema = toolJsonSchema(tool.schema, 'input');
    requestSchemas.set(tool, schema);
  }
  return schema;
}

const responseSchemas = new WeakMap<ToolDefinition<AnyToolSchema>, JsonSchema>();

/** The JSON Schema of the tool's 200 answer, `data` its declared result; undefined without one. */
export function responseJsonSchema(tool: ToolDefinition<AnyToolSchema>): JsonSchema | undefined {
  if (!tool.result) return undefined;
  let schema = responseSchemas.get(tool);
  if (!schema) {
    schema = toolJsonSchema(toolSuccessSchema(tool.result), 'output');
    responseSchemas.set(tool, schema);
  }
  return schema;
}

/** What GET on a tool path returns: free, no key, generated from the schema that validates POSTs. */
export function describeTool(tool: ToolDefinition<AnyToolSchema>) {
  return {
    name: tool.name,
    summary: tool.summary,
    description: tool.description,
    method: 'POST',
    path: toolPath(tool.name),
    credits: tool.basePrice,
    price: tool.basePrice,
    pricing: {
      base: tool.basePrice,
      ...(tool.pricingNotes?.length ? { notes: tool.pricingNotes } : {}),
    },
    request_schema: requestJsonSchema(tool),
    ...(tool.result ? { response_schema: responseJsonSchema(tool) } : {}),
    example: tool.example,
  };
}
