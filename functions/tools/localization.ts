import { toolHandler } from '../../lib/app/lambda.js';
import { localizationTool } from '../../lib/tools/localization/index.js';

export const handler = toolHandler(localizationTool);
