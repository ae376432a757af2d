import { zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@hono/zod-openapi';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema is open-ended by design
export type JsonSchema = Record<string, any>;

/** What `.openapi()` records for the document generator only, not for a schema reader. */
const GENERATOR_ONLY = new Set(['_internal', 'param', 'ref']);

/** zod's bounds for `.int()`: true of every JSON number a client sends, so they only add noise. */
const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/**
 * The one conversion of a tool's zod schema to JSON Schema (2020-12, which OpenAPI 3.1 embeds):
 * the GET self-description, `/openapi.json` and, through it, MCP `inputSchema`/`outputSchema` and the
 * SDKs all publish what this returns, so no two of them can disagree. zod converts the structure;
 * the `.openapi()` metadata every field carries (description, example, a documented `enum` for a
 * value checked in a refinement) is laid over each node as it is emitted.
 *
 * `io: 'input'` is what a caller may send (defaulted fields optional), `'output'` what a result holds
 * (its objects left open: a field added later is not a break).
 */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const metadata = zodToOpenAPIRegistry.get(zodSchema as never) as JsonSchema | undefined;
      for (const [key, value] of Object.entries(metadata ?? {})) {
        if (!GENERATOR_ONLY.has(key) && value !== undefined) jsonSchema[key] = value;
      }
      // zod closes every output object; a result that gains a field is not a break for its readers.
      if (io === 'output' && jsonSchema.additionalProperties === false)
        delete jsonSchema.additionalProperties;
      for (const bound of ['minimum', 'maximum'] as const) {
        if (SAFE_INTEGER_BOUNDS.has(jsonSchema[bound] as number)) delete jsonSchema[bound];
      }
    },
  });
  return json;
}
