import { mcpHandler } from '../lib/mcp/lambda.js';

export const handler = mcpHandler();
