import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../errors/api-error.js';
import type { AnyToolSchema, ToolDefinition } from '../tools/define.js';
import type { AppEnv } from './env.js';
import { runMeteredCall } from './metered-call.js';
import { authenticate } from './middleware/authenticate.js';
import { rateLimit } from './middleware/rate-limit.js';
import { requestId } from './middleware/request-id.js';
import { provideServices } from './middleware/services.js';
import { onError } from './on-error.js';
import { registerToolPaths, serveOpenApiDocument } from './openapi.js';
import { referencePage } from './reference-page.js';
import { describeTool, TOOLS_BASE_PATH, toolPath } from './self-description.js';
import type { Services } from './services.js';

/**
 * 4 MB: an API Gateway → Lambda request is capped at 6 MB after base64, which inflates by a third.
 * The same cap runs locally so the dev server refuses what production would.
 */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

export interface AppOptions {
  services: Services | Promise<Services>;
  tools: readonly ToolDefinition<AnyToolSchema>[];
  /** The dev server also serves /openapi.json and /docs; a tool's Lambda serves its tool only. */
  withDocuments?: boolean;
}

/** The one app factory: the dev server and every Lambda run this same middleware chain. */
export function createApp(options: AppOptions): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  app.onError(onError);
  app.notFound((c) => onError(new ApiError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}.`), c));
  app.use('*', requestId);

  const toolsByName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const metered = [
    bodyLimit({
      maxSize: MAX_REQUEST_BYTES,
      onError: () => {
        throw new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds ${MAX_REQUEST_BYTES} bytes.`);
      },
    }),
    provideServices(options.services),
    authenticate({ acceptBearer: false }),
    rateLimit,
  ] as const;

  for (const tool of options.tools) {
    const path = toolPath(tool.name);
    app.get(path, (c) => c.json({ success: true, data: describeTool(tool) }));
    app.post(path, ...metered, (c) => runMeteredCall(c, tool));
    registerToolPaths(app, tool);
  }

  app.get(TOOLS_BASE_PATH, (c) =>
    c.json({
      success: true,
      data: options.tools.map((tool) => ({
        name: tool.name,
        summary: tool.summary,
        credits: tool.basePrice,
        path: toolPath(tool.name),
      })),
    }),
  );
  app.all(`${TOOLS_BASE_PATH}/:name`, (c) => {
    const name = c.req.param('name');
    if (!toolsByName.has(name)) throw new ApiError('NOT_FOUND', `Unknown tool "${name}".`);
    throw new ApiError(
      'METHOD_NOT_ALLOWED',
      `${c.req.method} is not allowed on ${toolPath(name)}; use POST to run it or GET to describe it.`,
      { headers: { Allow: 'GET, POST' } },
    );
  });

  if (options.withDocuments) {
    serveOpenApiDocument(app);
    app.get('/docs', (c) => c.html(referencePage));
    app.get('/', (c) => c.redirect('/docs'));
  }
  app.get('/health', (c) => c.json({ ok: true }));
  return app;
}
