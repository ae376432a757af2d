import { toolHandler } from '../../lib/app/lambda.js';
import { trackChangesTool } from '../../lib/tools/track-changes/index.js';

export const handler = toolHandler(trackChangesTool);
