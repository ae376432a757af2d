import { toolHandler } from '../../lib/app/lambda.js';
import { processDocumentTool } from '../../lib/tools/process-document/index.js';

export const handler = toolHandler(processDocumentTool);
