import { analyzeContentTool } from './analyze-content/index.js';
import type { AnyToolSchema, ToolDefinition } from './define.js';
import { extractContentTool } from './extract-content/index.js';
import { extractEmbeddedStateTool } from './extract-embedded-state/index.js';
import { extractLinksTool } from './extract-links/index.js';
import { extractMetadataTool } from './extract-metadata/index.js';
import { extractTextTool } from './extract-text/index.js';
import { fetchUrlTool } from './fetch-url/index.js';
import { localizationTool } from './localization/index.js';
import { readResultTool } from './read-result/index.js';
import { scrapeTool } from './scrape/index.js';
import { scrapeStructuredTool } from './scrape-structured/index.js';
import { summarizeContentTool } from './summarize-content/index.js';

/**
 * Every tool the service sells, in the catalog's order (document 1 §4.2). The dev server, the
 * OpenAPI document, the CDK app and the contract tests all iterate this array; nothing else
 * lists tools by hand.
 */
export const tools: readonly ToolDefinition<AnyToolSchema>[] = [
  fetchUrlTool,
  readResultTool,
  extractTextTool,
  extractLinksTool,
  extractMetadataTool,
  scrapeTool,
  scrapeStructuredTool,
  extractContentTool,
  localizationTool,
  extractEmbeddedStateTool,
  analyzeContentTool,
  summarizeContentTool,
];
