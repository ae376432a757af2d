import type { OperationSpec } from '../../sdk/typescript/src/core/operation.js';

/** One MCP tool: what `tools/list` shows, and the REST operation `tools/call` dispatches to. */
export interface McpToolEntry {
  name: string;
  title: string;
  description: string;
  /** JSON Schema of the arguments (an object), references inlined. */
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] } & Record<
    string,
    unknown
  >;
  /**
   * JSON Schema of `structuredContent` in a successful result: the REST 200 envelope without
   * `success`, a tool's `data` being its result or the stored-result handle the cap answers with.
   */
  outputSchema?: { type: 'object' } & Record<string, unknown>;
  annotations: {
    title: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  /** `tool` for the metered tools, `endpoint` for the rest of the API (the monitors). */
  kind: 'tool' | 'endpoint';
  operation: OperationSpec;
  /** The tool takes `max_inline_chars`, so the REST call itself can store an oversized result. */
  acceptsMaxInlineChars: boolean;
}

export interface McpCatalog {
  server: { name: string; version: string };
  tools: McpToolEntry[];
}
