import { toolHandler } from '../../lib/app/lambda.js';
import { deepResearchTool } from '../../lib/tools/deep-research/index.js';

export const handler = toolHandler(deepResearchTool);
