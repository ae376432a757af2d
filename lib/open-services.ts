import { openDatabase } from './db/client.js';
import { type Config, parseConfig } from './env.js';
import { openKeyValueStore } from './kv/open-store.js';
import { logger, setLogLevel } from './logger.js';
import type { Services } from './services.js';

export interface OpenedServices extends Services {
  close(): Promise<void>;
  migrate(): Promise<void>;
}

export async function openServices(config: Config): Promise<OpenedServices> {
  setLogLevel(config.LOG_LEVEL);
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

/**
 * Every Lambda entry's services, opened at module scope once per cold start. `extend` adds what
 * only that function has (a browser tool's browser tier). A bad environment is logged in the init
 * log instead of surfacing as an unhandled rejection; each request that awaits the services still
 * fails with it.
 */
export function openServicesAtColdStart(
  options: { config?: Config; extend?: (opened: OpenedServices) => OpenedServices } = {},
): Promise<OpenedServices> {
  const opened = openServices(options.config ?? parseConfig());
  const services = options.extend ? opened.then(options.extend) : opened;
  services.catch((error) => logger.error('services did not open', { error: String(error) }));
  return services;
}
