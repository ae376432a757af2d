import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { KeyValueStore, SlidingWindowResult } from './key-value-store.js';
import { parseSlidingWindowReply, slidingWindowScript } from './sliding-window-script.js';

/**
 * A TCP Redis (tests, self-hosting). Commands issued while connecting wait for the connection;
 * while Redis is down each fails within `commandTimeout`, and callers fall back (the rate limit
 * to its in-process window, the robots cache to a miss).
 */
export class RedisStore implements KeyValueStore {
  readonly driver = 'redis' as const;
  private readonly client: Redis;

  constructor(url: string) {
    this.client = new Redis(url, {
      lazyConnect: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 500,
      connectTimeout: 1000,
    });
    // Errors surface on each command; without a listener ioredis would also log every reconnect.
    this.client.on('error', () => {});
    // Sent as EVALSHA once Redis has seen it: the script is not shipped with every request.
    this.client.defineCommand('slidingWindow', { numberOfKeys: 1, lua: slidingWindowScript });
  }

  async get(key: string): Promise<string | null> {
    return this.client.get(key);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.client.set(key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    const reply = await this.client.set(key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX');
    return reply === 'OK';
  }

  async del(key: string): Promise<void> {
    await this.client.del(key);
  }

  async slidingWindow(key: string, limit: number, windowMs: number): Promise<SlidingWindowResult> {
    const client = this.client as Redis & {
      slidingWindow(key: string, limit: number, windowMs: number, member: string): Promise<unknown>;
    };
    const reply = await client.slidingWindow(key, limit, windowMs, randomUUID());
    return parseSlidingWindowReply(reply);
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}
