import { toolHandler } from '../../lib/app/lambda.js';
import { scrapeTool } from '../../lib/tools/scrape/index.js';

export const handler = toolHandler(scrapeTool);
