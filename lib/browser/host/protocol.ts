import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PageAction } from '../page/action-schema.js';
import type { StealthConfig, Viewport } from '../stealth/stealth-config.js';

/**
 * The internal protocol between tool functions and the browser host: one signed JSON POST per
 * operation to `/v1/call`, one JSON reply. The tool function has already authenticated the caller,
 * validated the input and taken the credit hold; the host trusts the caller block because the
 * request is signed with the shared BROWSER_HOST_TOKEN (HMAC-SHA256 over `timestamp.body`, five
 * minutes of tolerance, the Standard Webhooks scheme). Warnings and robots overrides travel back
 * so the envelope and the override log are written where the metered call runs.
 */

export const HOST_CALL_PATH = '/v1/call';
export const TIMESTAMP_HEADER = 'x-browser-host-timestamp';
export const SIGNATURE_HEADER = 'x-browser-host-signature';
const TOLERANCE_SECONDS = 300;

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

export function signBody(token: string, body: string, timestamp: number): string {
  return createHmac('sha256', token).update(`${timestamp}.${body}`).digest('hex');
}

export function signedHeaders(token: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return { [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signBody(token, body, timestamp) };
}

/** A fresh, correctly signed body; anything else (stale, replayed late, forged, malformed) is refused. */
export function verifySignature(
  token: string,
  body: string,
  timestampHeader: string | undefined,
  signatureHeader: string | undefined,
  now = Date.now(),
): boolean {
  if (!timestampHeader || !signatureHeader || !/^\d{1,12}$/.test(timestampHeader)) return false;
  const timestamp = Number(timestampHeader);
  if (Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signBody(token, body, timestamp), 'hex');
  const given = Buffer.from(signatureHeader, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
