import { toolHandler } from '../../lib/app/lambda.js';
import { extractMetadataTool } from '../../lib/tools/extract-metadata/index.js';

export const handler = toolHandler(extractMetadataTool);
