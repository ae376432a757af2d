import type { AnyToolSchema, ToolDefinition } from '../../lib/tools/define.js';
import { storedResultSchema } from '../../lib/tools/shared/stored-result.js';

const TOOL_PATH = /^\/api\/v1\/tools\/([a-z_]+)$/;

/**
 * Every 200 a test receives from a tool is parsed with the result schema the tool declares (or the
 * stored-result handle, when the result was stored), so a result that drifts from what /openapi.json,
 * MCP outputSchema and the SDKs publish fails the test that produced it.
 */
export function assertResultMatchesSchema(
  tools: readonly ToolDefinition<AnyToolSchema>[],
  method: string,
  path: string,
  status: number,
  body: unknown,
): void {
  if (method !== 'POST' || status !== 200) return;
  const name = TOOL_PATH.exec(path)?.[1];
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool?.result) return;
  const data = (body as { data?: unknown }).data;
  const stored = typeof data === 'object' && data !== null && 'result_handle' in data && 'preview' in data;
  const parsed = (stored ? storedResultSchema : tool.result).safeParse(data);
  if (!parsed.success) {
    throw new Error(
      `${tool.name} answered a result its declared result schema refuses: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`,
    );
  }
}
