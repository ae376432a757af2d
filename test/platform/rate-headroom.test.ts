import { describe, expect, it } from 'vitest';
import type { RateDecision } from '../../lib/ratelimit/check-rate-limit.js';
import { RateHeadroom } from '../../lib/ratelimit/headroom.js';

const WINDOW_MS = 1000;
const allowed = (remaining: number): RateDecision => ({
  allowed: true,
  limit: 10,
  remaining,
  resetMs: WINDOW_MS,
  degraded: false,
});
const refused: RateDecision = {
  allowed: false,
  limit: 10,
  remaining: 0,
  resetMs: WINDOW_MS,
  degraded: false,
};

describe('what the rate limit trusts before Redis answers', () => {
  it('trusts no key it has not seen a decision for', () => {
    expect(new RateHeadroom(WINDOW_MS).trust('key_new', 0)).toBe(false);
  });

  it('trusts as many calls at once as the last decision left room for, and no more', () => {
    const headroom = new RateHeadroom(WINDOW_MS);
    headroom.record('key_a', allowed(2), false, 0);
    expect(headroom.trust('key_a', 10)).toBe(true);
    expect(headroom.trust('key_a', 11)).toBe(true);
    expect(headroom.trust('key_a', 12)).toBe(false);
    // One trusted call's decision comes back: Redis's count now includes it.
    headroom.record('key_a', allowed(1), true, 20);
    expect(headroom.trust('key_a', 21)).toBe(false);
    // The other comes back after older hits left the sliding window.
    headroom.record('key_a', allowed(5), true, 22);
    expect(headroom.trust('key_a', 23)).toBe(true);
  });

  it('trusts nothing after a refusal until a whole window has passed since it', () => {
    const headroom = new RateHeadroom(WINDOW_MS);
    headroom.record('key_b', refused, false, 0);
    expect(headroom.trust('key_b', 999)).toBe(false);
    expect(headroom.trust('key_b', 1000)).toBe(true);
  });

  it('trusts a key whose last decision left no room once that decision is a window old', () => {
    const headroom = new RateHeadroom(WINDOW_MS);
    headroom.record('key_c', allowed(0), false, 0);
    expect(headroom.trust('key_c', 500)).toBe(false);
    expect(headroom.trust('key_c', 1500)).toBe(true);
  });
});
