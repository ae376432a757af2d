import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { callTool, MCP_RESULT_CAP_CHARS, type McpCallContext } from './call-tool.js';
import type { McpCatalog } from './catalog.js';

const INSTRUCTIONS =
  'Web extraction tools and the hosted monitors API. Each tool call is a REST call made with your API key: ' +
  'it is rate-limited and charged in credits exactly like REST (the price is in each description; errors ' +
  `charge nothing). A result over ${MCP_RESULT_CAP_CHARS} characters comes back as a preview with a ` +
  'result_handle: read the rest with read_result (json_path, offset, max_chars), 1 credit per call.';

/** Elicitation answers are never requested, so nothing is validated against a client's schema. */
const noValidation = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

/**
 * The low-level `Server` rather than `McpServer`: our tools are JSON Schemas from the OpenAPI
 * document, not zod shapes, and their arguments are validated by the REST call they become, so an
 * invalid argument gets the REST 400 with its `details`.
 */
export function createMcpServer(catalog: McpCatalog, context: McpCallContext): Server {
  const server = new Server(catalog.server, {
    capabilities: { tools: {} },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: noValidation,
  });
  const byName = new Map(catalog.tools.map((entry) => [entry.name, entry]));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: catalog.tools.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      ...(outputSchema ? { outputSchema } : {}),
      annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const entry = byName.get(request.params.name);
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callTool(entry, request.params.arguments ?? {}, { ...context, signal: extra.signal });
  });
  return server;
}
