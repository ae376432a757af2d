import type { VerifiedKeyCache } from './auth/verify-key.js';
import type { BrowserRuntime } from './browser/tier.js';
import type { Database } from './db/client.js';
import type { Config } from './env.js';
import type { KeyValueStore } from './kv/key-value-store.js';

/** Clients built once per cold start and handed to every request through the context. */
export interface Services {
  config: Config;
  db: Database;
  kv: KeyValueStore;
  /**
   * The browser tier, where this process has one (dev server, browser tools' functions). Absent, browser
   * tools and `escalate` answer 503 TOOL_NOT_AVAILABLE.
   */
  browser?: BrowserRuntime;
  /** The keys this instance verified; absent, the process-wide cache (tests give each app its own). */
  keyCache?: VerifiedKeyCache;
}
