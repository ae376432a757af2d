import { toolHandler } from '../../lib/app/lambda.js';
import { summarizeContentTool } from '../../lib/tools/summarize-content/index.js';

export const handler = toolHandler(summarizeContentTool);
