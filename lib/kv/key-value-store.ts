/**
 * The small slice of Redis the service needs. Three drivers implement it: in-process (the
 * embedded default), a TCP Redis (tests, self-hosting) and Upstash REST (production).
 * Losing this store loses no money: it holds rate-limit windows, caches and short locks only.
 */
export interface SlidingWindowResult {
  allowed: boolean;
  /** Requests counted in the window, this one included when allowed. */
  count: number;
  /** Milliseconds until the oldest counted request leaves the window. */
  resetMs: number;
}

export interface KeyValueStore {
  readonly driver: 'memory' | 'redis' | 'upstash';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Sets only when absent; true when this caller took it (a lock). */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Counts one hit in a sliding log of `windowMs`, refusing it when `limit` hits are already inside. */
  slidingWindow(key: string, limit: number, windowMs: number): Promise<SlidingWindowResult>;
  close(): Promise<void>;
}
