import { RATE_WINDOW_MS, type RateDecision } from './check-rate-limit.js';

interface KeyView {
  /** Calls the window had room for after the last decision this instance saw. */
  remaining: number;
  at: number;
  /** Calls admitted on trust whose decision has not come back yet. */
  onTrust: number;
}

const MAX_KEYS = 10_000;

/**
 * What this instance last learned of each key's rate window, to decide whether a call may go on
 * (read its body, take its hold) while its rate decision is still on the way from Redis. Trust is
 * given only where a decision seen here showed room, so a key this instance has not seen, or one
 * that is over its rate, waits for Redis first: a flood of refused calls never reaches the
 * ledger. The view is a hint, never the limit: Redis decides every call, and a call trusted in
 * error (other instances used the room meanwhile) is refused and its hold released.
 */
export class RateHeadroom {
  private readonly keys = new Map<string, KeyView>();

  constructor(private readonly windowMs = RATE_WINDOW_MS) {}

  /** True when the call may go on before its decision arrives; then `record` must say `trusted`. */
  trust(apiKeyId: string, now = performance.now()): boolean {
    const view = this.keys.get(apiKeyId);
    if (!view) return false;
    // Every hit counted at `at` has left a window that long ago.
    const room = now - view.at >= this.windowMs ? Number.POSITIVE_INFINITY : view.remaining;
    if (room - view.onTrust < 1) return false;
    view.onTrust += 1;
    return true;
  }

  record(apiKeyId: string, decision: RateDecision, trusted: boolean, now = performance.now()): void {
    const onTrust = Math.max(0, (this.keys.get(apiKeyId)?.onTrust ?? 0) - (trusted ? 1 : 0));
    // Re-inserted so the map's order is least recently seen first, which is what gets dropped.
    this.keys.delete(apiKeyId);
    if (this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value as string);
    this.keys.set(apiKeyId, { remaining: decision.allowed ? decision.remaining : 0, at: now, onTrust });
  }
}
