/**
 * Where the host reads the time. Session expiry (`ttl`, `activity_ttl`) is decided against this
 * clock only, so tests move it forward instead of waiting minutes.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that moves only when told to: TTL and idle expiry in tests and benchmarks. */
export class ManualClock implements Clock {
  constructor(private current: number = Date.now()) {}

  now(): number {
    return this.current;
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
}
