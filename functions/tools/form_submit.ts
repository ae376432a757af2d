import { toolHandler } from '../../lib/app/lambda.js';
import { formSubmitTool } from '../../lib/tools/form-submit/index.js';

export const handler = toolHandler(formSubmitTool);
