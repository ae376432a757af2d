import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { storageFailureOf } from '../db/outage.js';
import { ApiError } from '../errors/api-error.js';
import { errorBody } from '../errors/envelope.js';
import { logger } from '../logger.js';
import type { AppEnv } from './env.js';

/** The error a response answers with: what `onError` sends, and what the request log records. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const storageFailure = storageFailureOf(error);
  if (storageFailure) return storageFailure;
  if (error instanceof HTTPException) {
    if (error.status === 413) return new ApiError('PAYLOAD_TOO_LARGE', 'Request body is too large.');
    if (error.status === 400) return new ApiError('VALIDATION_ERROR', error.message || 'Bad request.');
    return new ApiError('INTERNAL_ERROR', error.message || 'Request failed.', { status: error.status });
  }
  return new ApiError('INTERNAL_ERROR', 'An unexpected error occurred.', { cause: error });
}

/** Three tiers: our own error, the framework's HTTP error, anything else (logged, 500). */
export function onError(error: Error, c: Context<AppEnv>) {
  const apiError = toApiError(error);
  if (apiError.status >= 500 && !(error instanceof ApiError && apiError.code !== 'INTERNAL_ERROR')) {
    logger.error('request failed', {
      requestId: c.get('requestId'),
      error: String(error),
      stack: error.stack,
    });
  }
  for (const [name, value] of Object.entries(apiError.headers ?? {})) c.header(name, value);
  return c.json(errorBody(apiError), apiError.status as ContentfulStatusCode);
}

/** Every app's answer to a path and method no route serves. */
export function routeNotFound(c: Context<AppEnv>) {
  return onError(new ApiError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}.`), c);
}
