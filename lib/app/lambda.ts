import { handle } from 'hono/aws-lambda';
import { openServicesAtColdStart } from '../open-services.js';
import type { AnyToolSchema, ToolDefinition } from '../tools/define.js';
import { type AppOptions, createApp } from './create-app.js';

/**
 * One tool's Lambda: the same app and middleware chain as the dev server, mounting only that
 * tool. Configuration is parsed and clients opened at module scope, once per cold start.
 */
export function toolHandler(tool: ToolDefinition<AnyToolSchema>) {
  const { browser } = tool;
  // A browser tool opens the browser tier beside the clients; it launches nothing until a render runs.
  const services = openServicesAtColdStart({
    extend: browser ? (base) => ({ ...base, browser: browser.open(base) }) : undefined,
  });
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
  const services = openServicesAtColdStart();
  return handle(createApp({ services, tools, withDocuments: true, mounts }));
}
