import { toolHandler } from '../../lib/app/lambda.js';
import { extractEmbeddedStateTool } from '../../lib/tools/extract-embedded-state/index.js';

export const handler = toolHandler(extractEmbeddedStateTool);
