import { ApiError } from '../errors/api-error.js';
import { guardedRequest } from '../fetch/guarded-request.js';
import type { FetchEnvironment } from '../fetch/types.js';
import { signDelivery } from './signing.js';

/**
 * One attempt at one delivery: a signed POST through the fetcher's guarded request, so the URL
 * passes the SSRF rules again at every attempt (a name re-pointed at a private address since
 * registration is refused at connect). Redirects are not followed: only a 2xx from the URL itself
 * counts as delivered.
 */

export const DELIVERY_TIMEOUT_MS = 10_000;
/** The receiver's answer is logged, not used: read a little of it, for the error message. */
const RESPONSE_BYTES = 4_096;

export interface AttemptResult {
  delivered: boolean;
  httpStatus: number | null;
  error: string | null;
}

export interface SendEnvironment {
  config: FetchEnvironment['config'];
}

export async function sendDelivery(
  env: SendEnvironment,
  delivery: { id: string; url: string; payload: string },
  secret: string,
): Promise<AttemptResult> {
  let url: URL;
  try {
    url = new URL(delivery.url);
  } catch {
    return { delivered: false, httpStatus: null, error: 'webhook_url is not a valid URL' };
  }
  if (url.protocol !== 'https:') {
    return { delivered: false, httpStatus: null, error: 'webhook_url must be https' };
  }
  try {
    const response = await guardedRequest({ config: env.config }, url, {
      method: 'POST',
      body: delivery.payload,
      headers: {
        'content-type': 'application/json',
        ...signDelivery(secret, delivery.id, delivery.payload, new Date()),
      },
      timeoutMs: DELIVERY_TIMEOUT_MS,
      maxBytes: RESPONSE_BYTES,
      overflow: 'truncate',
      readAs: 'text',
      maxRedirects: 0,
      tooManyRedirects: 'return',
    });
    if (response.status >= 200 && response.status < 300) {
      return { delivered: true, httpStatus: response.status, error: null };
    }
    const detail = response.body.trim().slice(0, 200);
    return {
      delivered: false,
      httpStatus: response.status,
      error: `receiver answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
    };
  } catch (error) {
    if (error instanceof ApiError) return { delivered: false, httpStatus: null, error: error.message };
    return { delivered: false, httpStatus: null, error: String(error) };
  }
}
