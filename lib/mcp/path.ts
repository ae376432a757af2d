/** Where the MCP endpoint answers, on the dev server and on the API (its own route and Lambda). */
export const MCP_PATH = '/mcp';
