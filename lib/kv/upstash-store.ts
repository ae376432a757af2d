import { randomUUID } from 'node:crypto';
import { Redis } from '@upstash/redis';
import type { KeyValueStore, SlidingWindowResult } from './key-value-store.js';
import { parseSlidingWindowReply, slidingWindowScript } from './sliding-window-script.js';

/** Upstash over REST: what a Lambda uses, since it holds no TCP connection between invocations. */
export class UpstashStore implements KeyValueStore {
  readonly driver = 'upstash' as const;
  private readonly client: Redis;

  constructor(url: string, token: string) {
    this.client = new Redis({ url, token, automaticDeserialization: false });
  }

  async get(key: string): Promise<string | null> {
    return this.client.get<string>(key);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.client.set(key, value, { ex: Math.max(1, Math.ceil(ttlSeconds)) });
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    const reply = await this.client.set(key, value, { ex: Math.max(1, Math.ceil(ttlSeconds)), nx: true });
    return reply === 'OK';
  }

  async del(key: string): Promise<void> {
    await this.client.del(key);
  }

  async slidingWindow(key: string, limit: number, windowMs: number): Promise<SlidingWindowResult> {
    const reply = await this.client.eval(slidingWindowScript, [key], [limit, windowMs, randomUUID()]);
    return parseSlidingWindowReply(reply);
  }

  async close(): Promise<void> {}
}
