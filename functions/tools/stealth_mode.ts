import { toolHandler } from '../../lib/app/lambda.js';
import { stealthModeTool } from '../../lib/tools/stealth-mode/index.js';

export const handler = toolHandler(stealthModeTool);
