import { toolHandler } from '../../lib/app/lambda.js';
import { serpRankTool } from '../../lib/tools/serp-rank/index.js';

export const handler = toolHandler(serpRankTool);
