import { toolHandler } from '../../lib/app/lambda.js';
import { extractLinksTool } from '../../lib/tools/extract-links/index.js';

export const handler = toolHandler(extractLinksTool);
