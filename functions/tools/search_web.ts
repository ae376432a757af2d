import { toolHandler } from '../../lib/app/lambda.js';
import { searchWebTool } from '../../lib/tools/search-web/index.js';

export const handler = toolHandler(searchWebTool);
