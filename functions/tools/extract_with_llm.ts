import { toolHandler } from '../../lib/app/lambda.js';
import { extractWithLlmTool } from '../../lib/tools/extract-with-llm/index.js';

export const handler = toolHandler(extractWithLlmTool);
