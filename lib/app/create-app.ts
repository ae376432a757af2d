import { OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from '../errors/api-error.js';
import type { Services } from '../services.js';
import type { AnyToolSchema, ToolDefinition } from '../tools/define.js';
import type { AppEnv } from './env.js';
import { runMeteredCall } from './metered-call.js';
import { authenticate } from './middleware/authenticate.js';
import { declaredBodySize, jsonBody } from './middleware/json-body.js';
import { rateLimitFor } from './middleware/rate-limit.js';
import { requestId } from './middleware/request-id.js';
import { logRefusedCalls } from './middleware/request-log.js';
import { REFERENCE_PAGE_SECURITY_POLICY, securityHeaders } from './middleware/security-headers.js';
import { provideServices } from './middleware/services.js';
import { onError, routeNotFound } from './on-error.js';
import { registerToolPaths, serveOpenApiDocument } from './openapi.js';
import { REFERENCE_ASSETS, readReferenceAsset, referencePage } from './reference-page.js';
import { describeTool, TOOLS_BASE_PATH, toolPath } from './self-description.js';
import { serverTiming } from './server-timing.js';

export interface AppOptions {
  services: Services | Promise<Services>;
  tools: readonly ToolDefinition<AnyToolSchema>[];
  /** The dev server also serves /openapi.json and /docs; a tool's Lambda serves its tool only. */
  withDocuments?: boolean;
  /**
   * Route groups beyond the tools, such as the monitors API (lib/app/monitors). Passed in by the
   * entry points that serve them, so a tool's bundle never carries their code.
   */
  mounts?: readonly ((app: OpenAPIHono<AppEnv>, services: Services | Promise<Services>) => void)[];
}

/** The one app factory: the dev server and every Lambda run this same middleware chain. */
export function createApp(options: AppOptions): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  app.onError(onError);
  app.notFound(routeNotFound);
  app.use('*', securityHeaders, requestId, serverTiming);

  const toolsByName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const withServices = [declaredBodySize, provideServices(options.services)] as const;

  for (const tool of options.tools) {
    const path = toolPath(tool.name);
    app.get(path, (c) => c.json({ success: true, data: describeTool(tool) }));
    // The rate limit is the tool's own where its reference sets one, so it sits in each route.
    app.post(
      path,
      ...withServices,
      logRefusedCalls(tool.name),
      authenticate,
      rateLimitFor(tool, { handlerAwaitsVerdict: true }),
      jsonBody,
      (c) => runMeteredCall(c, tool),
    );
    // The document's entries are built only where the document is served: a tool's Lambda never
    // serves it, and building the request and response JSON Schemas was a fifth of its cold start.
    if (options.withDocuments) registerToolPaths(app, tool);
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

  for (const mount of options.mounts ?? []) mount(app, options.services);

  if (options.withDocuments) {
    serveOpenApiDocument(app);
    app.get('/docs', (c) =>
      c.html(referencePage, 200, { 'Content-Security-Policy': REFERENCE_PAGE_SECURITY_POLICY }),
    );
    for (const asset of REFERENCE_ASSETS) {
      app.get(`/docs/${asset}`, async (c) =>
        c.body(new Uint8Array(await readReferenceAsset(asset)), 200, {
          'Content-Type': asset.endsWith('.css')
            ? 'text/css; charset=utf-8'
            : 'text/javascript; charset=utf-8',
          'Cache-Control': 'public, max-age=86400',
        }),
      );
    }
    app.get('/', (c) => c.redirect('/docs'));
  }
  app.get('/health', (c) => c.json({ ok: true }));
  return app;
}
