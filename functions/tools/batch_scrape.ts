import { toolHandler } from '../../lib/app/lambda.js';
import { batchScrapeTool } from '../../lib/tools/batch-scrape/index.js';

export const handler = toolHandler(batchScrapeTool);
