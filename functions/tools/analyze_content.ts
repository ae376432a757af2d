import { toolHandler } from '../../lib/app/lambda.js';
import { analyzeContentTool } from '../../lib/tools/analyze-content/index.js';

export const handler = toolHandler(analyzeContentTool);
