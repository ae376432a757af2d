import { toolHandler } from '../../lib/app/lambda.js';
import { scrapeWithActionsTool } from '../../lib/tools/scrape-with-actions/index.js';

export const handler = toolHandler(scrapeWithActionsTool);
