import { z } from '@hono/zod-openapi';
import type { AnyToolSchema, ToolDefinition } from '../tools/define.js';

export const TOOLS_BASE_PATH = '/api/v1/tools';

export function toolPath(name: string): string {
  return `${TOOLS_BASE_PATH}/${name}`;
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
    request_schema: z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }),
    example: tool.example,
  };
}
