import type { Config } from '../env.js';
import type { KeyValueStore } from '../kv/key-value-store.js';

/** 25 MB (docs/reference/README.md#limits), counted on decoded bytes so a gzip bomb stops at the cap. */
export const MAX_BODY_BYTES = 25 * 1024 * 1024;

/** What the fetcher needs from the call around it: a subset of ToolContext. */
export interface FetchEnvironment {
  config: Pick<
    Config,
    'fetchHostMap' | 'fetchExtraCa' | 'optOutHosts' | 'userAgent' | 'ROBOTS_PRODUCT_TOKEN' | 'NODE_ENV'
  >;
  kv: KeyValueStore;
  warn(message: string): void;
  recordRobotsOverride(url: string): Promise<void>;
  signal?: AbortSignal;
}

export interface FetchOptions {
  /** Default true. false fetches anyway, adds a warning and records the override against the key. */
  respectRobots?: boolean;
  /** Overall deadline for the whole fetch, redirects and body included. */
  timeoutMs: number;
  maxBytes?: number;
  headers?: Record<string, string>;
  userAgent?: string;
  /** A 429/503 whose Retry-After is at most this many seconds is waited out and retried once. Default 10. */
  retryAfterMaxSeconds?: number;
  /**
   * `bytes`: read the whole body under the cap whatever its kind, binaries included, and hand it back
   * undecoded in `raw` (`body` stays empty). Documents and gzip sitemaps need the bytes themselves.
   */
  readAs?: 'bytes';
  /**
   * Default true: a page that refreshes to another within seconds (`<meta http-equiv=refresh>`) is
   * read at its target, as a redirect. false hands back the page as served (fetch_url).
   */
  followRefresh?: boolean;
}

export type BodyKind = 'html' | 'xml' | 'text' | 'json' | 'binary';

export interface FetchedPage {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The MIME type without parameters, or null when the server sent none. */
  mimeType: string | null;
  charset: string;
  kind: BodyKind;
  /** Decoded text; empty for `binary`. */
  body: string;
  /** Decoded (decompressed) bytes read. */
  bytes: number;
  /** The body's bytes (content coding removed); only when the fetch asked for `readAs: 'bytes'`. */
  raw?: Uint8Array;
  redirects: string[];
  durationMs: number;
}
