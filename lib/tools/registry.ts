import { agentTool } from './agent/index.js';
import { analyzeContentTool } from './analyze-content/index.js';
import { batchScrapeTool } from './batch-scrape/index.js';
import { browserSessionTool } from './browser-session/index.js';
import { crawlDeepTool } from './crawl-deep/index.js';
import { deepResearchTool } from './deep-research/index.js';
import type { AnyToolSchema, ToolDefinition } from './define.js';
import { extractContentTool } from './extract-content/index.js';
import { extractEmbeddedStateTool } from './extract-embedded-state/index.js';
import { extractLinksTool } from './extract-links/index.js';
import { extractMetadataTool } from './extract-metadata/index.js';
import { extractStructuredTool } from './extract-structured/index.js';
import { extractTextTool } from './extract-text/index.js';
import { extractWithLlmTool } from './extract-with-llm/index.js';
import { fetchUrlTool } from './fetch-url/index.js';
import { formSubmitTool } from './form-submit/index.js';
import { forumSearchTool } from './forum-search/index.js';
import { generateLlmsTxtTool } from './generate-llms-txt/index.js';
import { getBatchResultsTool } from './get-batch-results/index.js';
import { listLocalModelsTool } from './list-local-models/index.js';
import { localizationTool } from './localization/index.js';
import { mapSiteTool } from './map-site/index.js';
import { processDocumentTool } from './process-document/index.js';
import { readResultTool } from './read-result/index.js';
import { scrapeTool } from './scrape/index.js';
import { scrapeStructuredTool } from './scrape-structured/index.js';
import { scrapeTemplateTool } from './scrape-template/index.js';
import { scrapeWithActionsTool } from './scrape-with-actions/index.js';
import { searchWebTool } from './search-web/index.js';
import { serpRankTool } from './serp-rank/index.js';
import { stealthModeTool } from './stealth-mode/index.js';
import { summarizeContentTool } from './summarize-content/index.js';
import { trackChangesTool } from './track-changes/index.js';

/**
 * Every tool the service sells, in the catalog's order (docs/reference/README.md#credits). The dev server, the
 * OpenAPI document, the CDK app and the contract tests all iterate this array; nothing else
 * lists tools by hand.
 */
export const tools: readonly ToolDefinition<AnyToolSchema>[] = [
  listLocalModelsTool,
  fetchUrlTool,
  getBatchResultsTool,
  readResultTool,
  extractTextTool,
  extractLinksTool,
  extractMetadataTool,
  scrapeTemplateTool,
  scrapeTool,
  scrapeStructuredTool,
  extractContentTool,
  mapSiteTool,
  processDocumentTool,
  localizationTool,
  extractEmbeddedStateTool,
  trackChangesTool,
  analyzeContentTool,
  extractStructuredTool,
  extractWithLlmTool,
  formSubmitTool,
  summarizeContentTool,
  crawlDeepTool,
  stealthModeTool,
  scrapeWithActionsTool,
  batchScrapeTool,
  searchWebTool,
  serpRankTool,
  generateLlmsTxtTool,
  forumSearchTool,
  browserSessionTool,
  agentTool,
  deepResearchTool,
];
