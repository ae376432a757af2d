import type { KeyValueStore, SlidingWindowResult } from './key-value-store.js';

interface Entry {
  value: string;
  expiresAt: number;
}

const MAX_IDLE_WINDOWS = 10_000;

/** The embedded driver: one process, no persistence. Fine for `npm start` and a single warm function. */
export class MemoryStore implements KeyValueStore {
  readonly driver = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly windows = new Map<string, number[]>();

  async get(key: string): Promise<string | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    if ((await this.get(key)) !== null) return false;
    await this.set(key, value, ttlSeconds);
    return true;
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
    this.windows.delete(key);
  }

  async slidingWindow(key: string, limit: number, windowMs: number): Promise<SlidingWindowResult> {
    const now = Date.now();
    if (this.windows.size > MAX_IDLE_WINDOWS) this.dropIdleWindows(now - windowMs);
    const hits = (this.windows.get(key) ?? []).filter((at) => at > now - windowMs);
    const allowed = hits.length < limit;
    if (allowed) hits.push(now);
    this.windows.set(key, hits);
    const resetMs = hits.length > 0 ? Math.max(0, hits[0] + windowMs - now) : 0;
    return { allowed, count: hits.length, resetMs };
  }

  /** A long-running dev server sees many keys once; their empty windows need not live forever. */
  private dropIdleWindows(before: number): void {
    for (const [key, hits] of this.windows) {
      if (hits.length === 0 || hits[hits.length - 1] <= before) this.windows.delete(key);
    }
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= Date.now()) this.entries.delete(key);
    }
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.windows.clear();
  }
}
