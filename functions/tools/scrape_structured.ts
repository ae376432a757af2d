import { toolHandler } from '../../lib/app/lambda.js';
import { scrapeStructuredTool } from '../../lib/tools/scrape-structured/index.js';

export const handler = toolHandler(scrapeStructuredTool);
