/**
 * When a failed delivery is tried again: Svix's schedule, which receivers of Standard Webhooks
 * already expect: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h and 10 h after the previous
 * attempt (seven attempts over about 17.5 hours), each later wait with ±10 % jitter so a
 * receiver that comes back is not hit by every queued delivery in the same second.
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * A dead endpoint cannot pile up work: once this many deliveries of one monitor are waiting for a
 * retry, new failures of that monitor are given up at once instead of queued.
 */
export const MAX_WAITING_PER_MONITOR = 100;

/** Delay before the attempt after `attempts` failed ones, or null when the schedule is done. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return null;
  if (base < 60_000) return base;
  return Math.round(base * (0.9 + 0.2 * random()));
}
