import { toolHandler } from '../../lib/app/lambda.js';
import { getBatchResultsTool } from '../../lib/tools/get-batch-results/index.js';

export const handler = toolHandler(getBatchResultsTool);
