import { toolHandler } from '../../lib/app/lambda.js';
import { crawlDeepTool } from '../../lib/tools/crawl-deep/index.js';

export const handler = toolHandler(crawlDeepTool);
