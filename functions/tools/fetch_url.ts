import { toolHandler } from '../../lib/app/lambda.js';
import { fetchUrlTool } from '../../lib/tools/fetch-url/index.js';

export const handler = toolHandler(fetchUrlTool);
