import { openDatabase } from '../db/client.js';
import type { Config } from '../env.js';
import { openKeyValueStore } from '../kv/open-store.js';
import type { Services } from '../services.js';

export interface OpenedServices extends Services {
  close(): Promise<void>;
  migrate(): Promise<void>;
}

export async function openServices(config: Config): Promise<OpenedServices> {
  const [database, kv] = await Promise.all([openDatabase(config), openKeyValueStore(config)]);
  return {
    config,
    db: database.db,
    kv,
    migrate: () => database.migrate(),
    close: async () => {
      await kv.close();
      await database.close();
    },
  };
}
