import { toolHandler } from '../../lib/app/lambda.js';
import { extractStructuredTool } from '../../lib/tools/extract-structured/index.js';

export const handler = toolHandler(extractStructuredTool);
