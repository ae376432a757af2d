import { toolHandler } from '../../lib/app/lambda.js';
import { scrapeTemplateTool } from '../../lib/tools/scrape-template/index.js';

export const handler = toolHandler(scrapeTemplateTool);
