import { type ErrorCode, errorCodes } from './codes.js';

export interface FieldIssue {
  field: string;
  message: string;
}

export interface ApiErrorOptions {
  /** Overrides the code's default status (BLOCKED and UPSTREAM_HTTP pass the target's status through). */
  status?: number;
  details?: FieldIssue[];
  /** Extra members placed inside `error` and beside it, e.g. `blocked`, `next_step`, `escalated`. */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  cause?: unknown;
}

/** The one error class every layer throws; `onError` turns it into the spec's envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: FieldIssue[];
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status ?? errorCodes[code];
    this.details = options.details;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export function validationError(message: string, details: FieldIssue[] = []): ApiError {
  return new ApiError('VALIDATION_ERROR', message, { details });
}
