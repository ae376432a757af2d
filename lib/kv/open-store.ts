import type { KeyValueStore } from './key-value-store.js';
import { MemoryStore } from './memory-store.js';

export interface StoreSettings {
  REDIS_URL?: string;
  UPSTASH_REDIS_REST_URL?: string;
  UPSTASH_REDIS_REST_TOKEN?: string;
}

/** Imported on demand so each bundle carries only the driver it is configured for. */
export async function openKeyValueStore(settings: StoreSettings): Promise<KeyValueStore> {
  if (settings.UPSTASH_REDIS_REST_URL && settings.UPSTASH_REDIS_REST_TOKEN) {
    const { UpstashStore } = await import('./upstash-store.js');
    return new UpstashStore(settings.UPSTASH_REDIS_REST_URL, settings.UPSTASH_REDIS_REST_TOKEN);
  }
  if (settings.REDIS_URL) {
    const { RedisStore } = await import('./redis-store.js');
    return new RedisStore(settings.REDIS_URL);
  }
  return new MemoryStore();
}
