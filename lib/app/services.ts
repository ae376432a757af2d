import type { Database } from '../db/client.js';
import type { Config } from '../env.js';
import type { KeyValueStore } from '../kv/key-value-store.js';

/** Clients built once per cold start and handed to every request through the context. */
export interface Services {
  config: Config;
  db: Database;
  kv: KeyValueStore;
}
