import { analyzeContentTool } from './analyze-content/index.js';
import type { AnyToolSchema, ToolDefinition } from './define.js';
import { extractEmbeddedStateTool } from './extract-embedded-state/index.js';
import { readResultTool } from './read-result/index.js';
import { summarizeContentTool } from './summarize-content/index.js';

/**
 * Every tool the service sells, in catalog order. The dev server, the OpenAPI document, the
 * CDK app and the contract tests all iterate this array; nothing else lists tools by hand.
 */
export const tools: readonly ToolDefinition<AnyToolSchema>[] = [
  readResultTool,
  analyzeContentTool,
  summarizeContentTool,
  extractEmbeddedStateTool,
];
