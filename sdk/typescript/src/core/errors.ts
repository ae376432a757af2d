import type { ErrorCode } from '../generated/types.js';

export interface ErrorDetail {
  field: string;
  message: string;
}

/** Every error this SDK throws. */
export class WebExtractionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export interface ApiErrorInit {
  status: number;
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
  requestId: string | null;
  headers: Headers;
  /** The parsed error body as the API sent it (extra members such as `blocked`, `next_step`). */
  body: unknown;
}

/**
 * The API answered with an error envelope `{success: false, error: {code, message, details?}}`.
 * Every error response charges nothing.
 */
export class ApiError extends WebExtractionError {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  /** `X-Request-Id` of the failed call: quote it when reporting a problem. */
  readonly requestId: string | null;
  readonly headers: Headers;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.headers = init.headers;
    this.body = init.body;
  }
}

/** 400: the parameters are invalid (`VALIDATION_ERROR` and the tools' own 400 codes); `details` names the fields. */
export class BadRequestError extends ApiError {}
/** 401: `MISSING_API_KEY` or `INVALID_API_KEY`. */
export class AuthenticationError extends ApiError {}
/** 402: `INSUFFICIENT_CREDITS`; the balance does not cover the call's price. */
export class InsufficientCreditsError extends ApiError {
  /** Header `X-Auto-Recharge-Triggered`: an automatic recharge was started; retry once it lands. */
  get autoRechargeTriggered(): boolean {
    return this.headers.get('x-auto-recharge-triggered') === 'true';
  }
}
/** 403: robots.txt disallows the URL, the host opted out, a private address, or a bot wall. */
export class PermissionDeniedError extends ApiError {}
/** 404: unknown route, monitor, session or stored result, or the target answered 404. */
export class NotFoundError extends ApiError {}
/** 409: `MONITOR_RUNNING`. */
export class ConflictError extends ApiError {}
/** 429: the plan's rate limit (`RATE_LIMIT_EXCEEDED`) or the target asked to wait (`TARGET_RETRY_LATER`). */
export class RateLimitError extends ApiError {
  /** Seconds the server asked to wait (`Retry-After`), or null when it did not say. */
  get retryAfter(): number | null {
    const ms = retryAfterMs(this.headers);
    return ms === null ? null : ms / 1000;
  }
}
/** 5xx: the tool, a backend or the target failed. */
export class InternalServerError extends ApiError {}

/** No HTTP answer: the connection failed or was refused. */
export class APIConnectionError extends WebExtractionError {}
/** No answer within `timeoutMs`. */
export class APITimeoutError extends APIConnectionError {}

const byStatus: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  402: InsufficientCreditsError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
};

function isErrorEnvelope(
  body: unknown,
): body is { error: { code: string; message: string; details?: unknown } } {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  return (
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
  );
}

/** The typed error for a non-2xx answer; a body that is not our envelope (a gateway's own 5xx) still maps by status. */
export function errorFromResponse(status: number, headers: Headers, body: unknown): ApiError {
  const ErrorClass = byStatus[status] ?? (status >= 500 ? InternalServerError : ApiError);
  const envelope = isErrorEnvelope(body) ? body.error : undefined;
  const details = Array.isArray(envelope?.details) ? (envelope.details as ErrorDetail[]) : undefined;
  return new ErrorClass({
    status,
    code: (envelope?.code ?? `HTTP_${status}`) as ErrorCode,
    message: envelope?.message ?? (typeof body === 'string' && body ? body : `HTTP ${status}`),
    details,
    requestId: headers.get('x-request-id'),
    headers,
    body,
  });
}

/** `Retry-After` as delay-seconds or an HTTP date, in milliseconds; null when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
