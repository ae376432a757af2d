import { toolHandler } from '../../lib/app/lambda.js';
import { generateLlmsTxtTool } from '../../lib/tools/generate-llms-txt/index.js';

export const handler = toolHandler(generateLlmsTxtTool);
