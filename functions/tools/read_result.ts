import { toolHandler } from '../../lib/app/lambda.js';
import { readResultTool } from '../../lib/tools/read-result/index.js';

export const handler = toolHandler(readResultTool);
