import { randomUUID } from 'node:crypto';
import type { KeyValueStore, SlidingWindowResult } from './key-value-store.js';
import { parseSlidingWindowReply, slidingWindowScript } from './sliding-window-script.js';
import { UpstashRest } from './upstash-rest.js';

/** Upstash over REST: what a Lambda uses, since it holds no TCP connection between invocations. */
export class UpstashStore implements KeyValueStore {
  readonly driver = 'upstash' as const;
  private readonly client: UpstashRest;

  constructor(url: string, token: string) {
    this.client = new UpstashRest(url, token);
  }

  async get(key: string): Promise<string | null> {
    return this.client.command<string | null>(['GET', key]);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.client.command(['SET', key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds))]);
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    const reply = await this.client.command<string | null>([
      'SET',
      key,
      value,
      'EX',
      Math.max(1, Math.ceil(ttlSeconds)),
      'NX',
    ]);
    return reply === 'OK';
  }

  async del(key: string): Promise<void> {
    await this.client.command(['DEL', key]);
  }

  async slidingWindow(key: string, limit: number, windowMs: number): Promise<SlidingWindowResult> {
    const reply = await this.client.command([
      'EVAL',
      slidingWindowScript,
      1,
      key,
      limit,
      windowMs,
      randomUUID(),
    ]);
    return parseSlidingWindowReply(reply);
  }

  async close(): Promise<void> {
    this.client.close();
  }
}
