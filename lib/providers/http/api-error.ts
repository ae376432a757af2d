import { ApiError } from '../../errors/api-error.js';
import type { ErrorCode } from '../../errors/codes.js';
import { logger } from '../../logger.js';
import { ProviderError, type ProviderFailureKind } from './provider-error.js';

/**
 * A provider failure as the error a tool answers with. The defaults are serp_rank's list in
 * docs/reference/README.md#errors-every-tool-can-answer, which the other provider tools share unless their section says otherwise:
 * quota → 429, timeout → 504, nothing answering → 503, anything else the provider did → 502.
 * Every one of them is uncharged, like every error. The log line names the provider and what went
 * wrong; neither it nor the message ever carries a key (messages are scrubbed where they are made).
 */
export type ProviderErrorMap = Partial<Record<ProviderFailureKind, { code: ErrorCode; status?: number }>>;

const DEFAULTS: Record<ProviderFailureKind, { code: ErrorCode; status?: number }> = {
  rate_limited: { code: 'TARGET_RETRY_LATER', status: 429 },
  timeout: { code: 'MCP_UPSTREAM_TIMEOUT', status: 504 },
  unreachable: { code: 'TOOL_NOT_AVAILABLE', status: 503 },
  auth: { code: 'TOOL_ERROR', status: 502 },
  rejected: { code: 'TOOL_ERROR', status: 502 },
  not_found: { code: 'TOOL_ERROR', status: 502 },
  upstream: { code: 'TOOL_ERROR', status: 502 },
  malformed: { code: 'TOOL_ERROR', status: 502 },
};

const WHAT_HAPPENED: Record<ProviderFailureKind, string> = {
  rate_limited: 'is out of quota or rate-limited',
  timeout: 'timed out',
  unreachable: 'is unavailable',
  auth: 'refused the configured credentials',
  rejected: 'refused the request',
  not_found: 'does not have what was asked for',
  upstream: 'failed',
  malformed: 'answered in an unexpected format',
};

/** Every kind of failure answered with one code and status (search_web's single query: 500). */
export function everyFailureAs(code: ErrorCode, status: number): ProviderErrorMap {
  return Object.fromEntries(
    (Object.keys(DEFAULTS) as ProviderFailureKind[]).map((kind) => [kind, { code, status }]),
  );
}

export function providerApiError(
  error: unknown,
  context: { tool: string; what: string; map?: ProviderErrorMap },
): ApiError {
  if (!(error instanceof ProviderError)) {
    return error instanceof ApiError
      ? error
      : new ApiError('INTERNAL_ERROR', 'An unexpected error occurred.', { cause: error });
  }
  logger.warn('provider call failed', {
    tool: context.tool,
    provider: error.provider,
    kind: error.kind,
    status: error.status,
    detail: error.message,
  });
  const { code, status } = { ...DEFAULTS[error.kind], ...context.map?.[error.kind] };
  const headers =
    error.retryAfterSeconds !== undefined && (status ?? 0) === 429
      ? { 'Retry-After': String(error.retryAfterSeconds) }
      : undefined;
  return new ApiError(
    code,
    `The ${context.what} (${error.provider}) ${WHAT_HAPPENED[error.kind]}: ${error.message}`,
    {
      status,
      headers,
      extra: { provider: error.provider, provider_failure: error.kind },
    },
  );
}
