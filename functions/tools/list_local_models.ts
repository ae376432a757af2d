import { toolHandler } from '../../lib/app/lambda.js';
import { listLocalModelsTool } from '../../lib/tools/list-local-models/index.js';

export const handler = toolHandler(listLocalModelsTool);
