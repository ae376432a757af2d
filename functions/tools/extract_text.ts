import { toolHandler } from '../../lib/app/lambda.js';
import { extractTextTool } from '../../lib/tools/extract-text/index.js';

export const handler = toolHandler(extractTextTool);
