import { toolHandler } from '../../lib/app/lambda.js';
import { browserSessionTool } from '../../lib/tools/browser-session/index.js';

export const handler = toolHandler(browserSessionTool);
