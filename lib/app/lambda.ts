import { handle } from 'hono/aws-lambda';
import { parseConfig } from '../env.js';
import type { AnyToolSchema, ToolDefinition } from '../tools/define.js';
import { type AppOptions, createApp } from './create-app.js';
import { openServices } from './open-services.js';

/**
 * One tool's Lambda: the same app and middleware chain as the dev server, mounting only that
 * tool. Configuration is parsed and clients opened at module scope, once per cold start.
 */
export function toolHandler(tool: ToolDefinition<AnyToolSchema>) {
  const opened = openServices(parseConfig());
  // A browser tool opens the browser tier beside the clients; it launches nothing until a render runs.
  const services = tool.browser
    ? opened.then((base) => ({ ...base, browser: tool.browser?.open(base) }))
    : opened;
  // Surface a bad environment in the init log rather than as an unhandled rejection.
  services.catch((error) => console.error(JSON.stringify({ level: 'error', message: String(error) })));
  return handle(createApp({ services, tools: [tool] }));
}

/**
 * The catalog Lambda: API Gateway's default route. It serves /openapi.json, /docs and the tool
 * list, and gives unmatched paths and methods the same 404 and 405 envelopes as the dev server.
 * It mounts every tool's schema for the document, but tool calls never reach it: each tool path
 * has its own, more specific route.
 */
export function catalogHandler(
  tools: readonly ToolDefinition<AnyToolSchema>[],
  mounts: AppOptions['mounts'] = [],
) {
  const services = openServices(parseConfig());
  services.catch((error) => console.error(JSON.stringify({ level: 'error', message: String(error) })));
  return handle(createApp({ services, tools, withDocuments: true, mounts }));
}
