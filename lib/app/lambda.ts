import { handle } from 'hono/aws-lambda';
import { parseConfig } from '../env.js';
import type { AnyToolSchema, ToolDefinition } from '../tools/define.js';
import { createApp } from './create-app.js';
import { openServices } from './open-services.js';

/**
 * One tool's Lambda: the same app and middleware chain as the dev server, mounting only that
 * tool. Configuration is parsed and clients opened at module scope, once per cold start.
 */
export function toolHandler(tool: ToolDefinition<AnyToolSchema>) {
  const services = openServices(parseConfig());
  // Surface a bad environment in the init log rather than as an unhandled rejection.
  services.catch((error) => console.error(JSON.stringify({ level: 'error', message: String(error) })));
  return handle(createApp({ services, tools: [tool] }));
}
