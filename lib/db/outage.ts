import { DrizzleQueryError } from 'drizzle-orm/errors';
import { ApiError } from '../errors/api-error.js';

/** Socket errors that mean the database could not be reached or the link to it broke. */
const SOCKET_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own "not now" answers: class 08 (connection exception), shutting down or starting
 * up (57P01–57P03), and too many connections (53300), the one Neon gives while it scales.
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
  );
}

/** pg's (and Neon's bundled pg's) messages for a connection that died or never came. */
const DRIVER_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly|WebSocket/i;

/**
 * True when `error`, or an error it wraps, says the database is unreachable rather than that a
 * statement was wrong: the call can be tried again once the database is back.
 */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (SOCKET_FAILURES.has(code) || isUnavailableSqlState(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  // Connecting to "localhost" tries each address and fails with all of their errors at once.
  if (Array.isArray(errors) && errors.some((inner) => isConnectionFailure(inner, depth + 1))) return true;
  return isConnectionFailure(cause, depth + 1);
}

export function databaseUnavailable(cause: unknown): ApiError {
  return new ApiError(
    'STORAGE_UNAVAILABLE',
    'The database is unavailable; try again shortly. Nothing was charged.',
    {
      cause,
    },
  );
}

/**
 * The storage error for a failure that came out of the database layer: a drizzle query whose
 * connection failed (drizzle wraps every statement's error), or an error the drivers already
 * turned into STORAGE_UNAVAILABLE. Anything else (a socket error of a fetch, say) is not ours to name.
 */
export function storageFailureOf(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error.code === 'STORAGE_UNAVAILABLE' ? error : null;
  if (error instanceof DrizzleQueryError && isConnectionFailure(error.cause))
    return databaseUnavailable(error);
  return null;
}

/** Rejections of pool.connect() (a transaction's first step) and of prepared statements, named. */
export async function namingOutage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isConnectionFailure(error) ? databaseUnavailable(error) : error;
  }
}
