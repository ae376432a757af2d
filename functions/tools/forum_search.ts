import { toolHandler } from '../../lib/app/lambda.js';
import { forumSearchTool } from '../../lib/tools/forum-search/index.js';

export const handler = toolHandler(forumSearchTool);
