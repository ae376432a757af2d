import { toolHandler } from '../../lib/app/lambda.js';
import { agentTool } from '../../lib/tools/agent/index.js';

export const handler = toolHandler(agentTool);
