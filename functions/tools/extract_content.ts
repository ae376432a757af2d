import { toolHandler } from '../../lib/app/lambda.js';
import { extractContentTool } from '../../lib/tools/extract-content/index.js';

export const handler = toolHandler(extractContentTool);
