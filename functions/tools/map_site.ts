import { toolHandler } from '../../lib/app/lambda.js';
import { mapSiteTool } from '../../lib/tools/map-site/index.js';

export const handler = toolHandler(mapSiteTool);
