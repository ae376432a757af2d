import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PageAction } from '../page/action-schema.js';
import type { StealthConfig, Viewport } from '../stealth/stealth-config.js';

/**
 * The internal protocol between tool functions and the browser host: one signed JSON POST per
 * operation to `/v1/call`, one JSON reply. The tool function has already authenticated the caller,
 * validated the input and taken the credit hold; the host trusts the caller block because the
 * request is signed with the shared BROWSER_HOST_TOKEN: HMAC-SHA256 over `timestamp.nonce.body`,
 * accepted within 30 seconds of its timestamp and once only (the host remembers every nonce it
 * accepted for as long as that nonce's timestamp could still pass). A captured request can
 * neither be sent again nor be sent late. Warnings and robots overrides travel back so the envelope
 * and the override log are written where the metered call runs.
 */

export const HOST_CALL_PATH = '/v1/call';
export const TIMESTAMP_HEADER = 'x-browser-host-timestamp';
export const NONCE_HEADER = 'x-browser-host-nonce';
export const SIGNATURE_HEADER = 'x-browser-host-signature';
/** Either side of the host's clock; Lambda and Fargate both keep time with Amazon Time Sync. */
export const TOLERANCE_SECONDS = 30;
const NONCE_PATTERN = /^[0-9a-f]{32}$/;

export interface HostCaller {
  accountId: string;
  apiKeyId: string;
  requestId: string;
  tool: string;
  respectRobots: boolean;
}

export interface OpenParams {
  url: string;
  stealth: boolean;
  ttl: number;
  activity_ttl: number;
  viewport?: Viewport;
  timeout: number;
}

export type HostOperation =
  | { op: 'session.open'; params: OpenParams }
  | { op: 'session.snapshot'; params: { sessionId: string; interactive_only: boolean; max_nodes: number } }
  | {
      op: 'session.act';
      params: { sessionId: string; actions: PageAction[]; continue_on_error: boolean; timeout: number };
    }
  | { op: 'session.read'; params: { sessionId: string } }
  | {
      op: 'session.screenshot';
      params: {
        sessionId: string;
        full_page: boolean;
        format: 'png' | 'jpeg';
        quality: number;
        selector?: string;
      };
    }
  | { op: 'session.close'; params: { sessionId: string } }
  | { op: 'session.list'; params: Record<string, never> }
  | {
      op: 'context.create';
      params: {
        config: StealthConfig;
        engine: 'engine_a' | 'engine_b';
        verbose: boolean;
        proxy: string | null;
      };
    }
  | { op: 'context.page'; params: { contextId: string; url: string; timeout: number } }
  | { op: 'context.stats'; params: Record<string, never> }
  | { op: 'context.cleanup'; params: Record<string, never> };

export interface HostRequest {
  caller: HostCaller;
  operation: HostOperation;
}

export interface SerializedError {
  code: string;
  message: string;
  status: number;
  details?: Array<{ field: string; message: string }>;
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export type HostReply =
  | { ok: true; data: unknown; warnings: string[]; robotsOverrides: string[] }
  | { ok: false; error: SerializedError; warnings: string[]; robotsOverrides: string[] };

export function signBody(token: string, body: string, timestamp: number, nonce: string): string {
  return createHmac('sha256', token).update(`${timestamp}.${nonce}.${body}`).digest('hex');
}

export function signedHeaders(
  token: string,
  body: string,
  now = Date.now(),
  nonce = randomBytes(16).toString('hex'),
): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    [TIMESTAMP_HEADER]: String(timestamp),
    [NONCE_HEADER]: nonce,
    [SIGNATURE_HEADER]: signBody(token, body, timestamp, nonce),
  };
}

export interface SignatureHeaders {
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
}

export type Verdict = 'accepted' | 'unsigned' | 'stale' | 'forged' | 'replayed';

/**
 * The nonces accepted while their timestamps are within tolerance. Past that a request is refused
 * as stale anyway, so a nonce is forgotten then: memory holds at most one window of requests.
 */
export class ReplayGuard {
  /** nonce → when it stops mattering (ms); insertion order is nearly time order. */
  private readonly seen = new Map<string, number>();

  get size(): number {
    return this.seen.size;
  }

  /** Records the nonce; false when it was already accepted within the window. */
  admit(nonce: string, timestampSeconds: number, now: number): boolean {
    for (const [old, forgetAt] of this.seen) {
      if (forgetAt > now) break;
      this.seen.delete(old);
    }
    if (this.seen.has(nonce)) return false;
    this.seen.set(nonce, (timestampSeconds + TOLERANCE_SECONDS) * 1000 + 1000);
    return true;
  }
}

/**
 * A fresh, correctly signed body with a nonce never accepted before; anything else (unsigned,
 * stale, forged, replayed) is refused. The nonce is recorded only once the signature holds, so
 * nobody without the token can spend one.
 */
export function verifySignature(
  token: string,
  body: string,
  headers: SignatureHeaders,
  replays: ReplayGuard,
  now = Date.now(),
): Verdict {
  const { timestamp: timestampHeader, nonce, signature } = headers;
  if (
    !timestampHeader ||
    !signature ||
    !nonce ||
    !/^\d{1,12}$/.test(timestampHeader) ||
    !NONCE_PATTERN.test(nonce)
  )
    return 'unsigned';
  const timestamp = Number(timestampHeader);
  if (Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) return 'stale';
  const expected = Buffer.from(signBody(token, body, timestamp, nonce), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return replays.admit(nonce, timestamp, now) ? 'accepted' : 'replayed';
}
