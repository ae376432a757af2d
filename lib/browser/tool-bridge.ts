import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/codes.js';
import type { CallScope } from './guard/request-guard.js';
import type { HostOperation } from './host/protocol.js';
import type { BrowserRuntime } from './tier.js';

/**
 * How a tool's `run` hands work to the browser tier: the slice of the tool context the browser
 * needs, turned into a call scope (local renders) or a signed caller block (the host), with the
 * host's warnings and robots overrides replayed into the envelope and the override log.
 */

export interface BrowserCallContext {
  requestId: string;
  account: { id: string };
  apiKeyId: string;
  services: { browser?: BrowserRuntime };
  warn(message: string): void;
  recordRobotsOverride(url: string): Promise<void>;
  signal: AbortSignal;
}

/** The runtime, or 503: this deployment has no browser. */
export function browserRuntimeOf(ctx: BrowserCallContext): BrowserRuntime {
  const runtime = ctx.services.browser;
  if (!runtime)
    throw new ApiError('TOOL_NOT_AVAILABLE', 'No browser runtime is configured on this deployment');
  return runtime;
}

export function callScope(ctx: BrowserCallContext, respectRobots: boolean): CallScope {
  return {
    respectRobots,
    warn: (message) => ctx.warn(message),
    recordRobotsOverride: (url) => ctx.recordRobotsOverride(url),
    signal: ctx.signal,
  };
}

export async function callHost<T>(
  ctx: BrowserCallContext,
  call: { tool: string; respectRobots: boolean; timeoutMs: number },
  operation: HostOperation,
): Promise<T> {
  const client = browserRuntimeOf(ctx).host();
  const reply = await client.call(
    {
      caller: {
        accountId: ctx.account.id,
        apiKeyId: ctx.apiKeyId,
        requestId: ctx.requestId,
        tool: call.tool,
        respectRobots: call.respectRobots,
      },
      operation,
    },
    call.timeoutMs,
  );
  for (const warning of reply.warnings) ctx.warn(warning);
  for (const url of reply.robotsOverrides) await ctx.recordRobotsOverride(url);
  if (!reply.ok) {
    const { error } = reply;
    throw new ApiError(error.code as ErrorCode, error.message, {
      status: error.status,
      details: error.details,
      extra: error.extra,
      headers: error.headers,
    });
  }
  return reply.data as T;
}
