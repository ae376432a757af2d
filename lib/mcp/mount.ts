import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Hono } from 'hono';
import type { AppEnv } from '../app/env.js';
import { authenticate, presentedApiKey } from '../app/middleware/authenticate.js';
import { provideServices } from '../app/middleware/services.js';
import { ApiError } from '../errors/api-error.js';
import type { Services } from '../services.js';
import { mcpCatalog } from './catalog.generated.js';
import type { McpCatalog } from './catalog.js';
import { MCP_PATH } from './path.js';
import { countMcpMessages, readMcpMessages } from './request-limits.js';
import { createMcpServer } from './server.js';

export interface McpOptions {
  services: Services | Promise<Services>;
  /**
   * How a tool call's REST request is made. By default it runs in process through the app /mcp is
   * mounted on (the dev server, which mounts every tool); the MCP Lambda, which mounts no tool,
   * passes the global `fetch`, so the request goes through the API's own public routes.
   */
  dispatch?: typeof globalThis.fetch;
  /** Where the REST requests go; default the origin the MCP request came in on. */
  origin?: string;
  /** Default: the generated catalog of every registry tool and endpoint. */
  catalog?: McpCatalog;
  /** How long a tool call's REST request may take; default DISPATCH_TIMEOUT_MS. */
  dispatchTimeoutMs?: number;
}

/**
 * Serves MCP over Streamable HTTP at /mcp, stateless: each POST gets a fresh server and transport
 * and a JSON answer (no SSE stream), so it runs unchanged in a Lambda. GET (a server-to-client
 * stream) and DELETE (ending a session) have no meaning without sessions: 405.
 */
export function mountMcp(app: Hono<AppEnv>, options: McpOptions): void {
  const catalog = options.catalog ?? mcpCatalog;
  const dispatch: typeof globalThis.fetch =
    options.dispatch ?? (async (input, init) => app.fetch(new Request(input, init)));
  app.on(['GET', 'DELETE', 'PUT', 'PATCH'], MCP_PATH, () => {
    throw new ApiError(
      'METHOD_NOT_ALLOWED',
      'The MCP endpoint is stateless: send JSON-RPC messages with POST.',
      {
        headers: { Allow: 'POST' },
      },
    );
  });
  app.post(MCP_PATH, provideServices(options.services), authenticate, async (c) => {
    const read = await readMcpMessages(c);
    if ('refusal' in read) return read.refusal;
    await countMcpMessages(c, read.body);
    const services = c.get('services');
    const server = createMcpServer(catalog, {
      apiKey: presentedApiKey(c) ?? '',
      accountId: c.get('caller').account.id,
      origin: options.origin ?? new URL(c.req.url).origin,
      dispatch,
      db: services.db,
      timeoutMs: options.dispatchTimeoutMs,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, { parsedBody: read.body });
    } finally {
      await server.close();
    }
  });
}
