export type {
  ClientOptions,
  RequestOptions,
  RetryInfo,
  RetryOptions,
  ToolListing,
} from './core/base-client.js';
export { BaseClient } from './core/base-client.js';
export {
  APIConnectionError,
  APITimeoutError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  type ErrorDetail,
  InsufficientCreditsError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  WebExtractionError,
} from './core/errors.js';
export { buildHttpCall, type HttpCall, type OperationSpec } from './core/operation.js';
export type { WaitOptions } from './core/paging.js';
export { isStoredResult } from './core/stored-results.js';
export { OPERATIONS, TOOL_NAMES, WebExtractionClient } from './generated/client.js';
export type * from './generated/types.js';
