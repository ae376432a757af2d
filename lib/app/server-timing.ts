import type { Context } from 'hono';
import { endTime, startTime, timing } from 'hono/timing';

/**
 * `Server-Timing` on every response: the split of a call between auth, rate limit, body, hold, run,
 * settle and serialise, readable by the caller (and by browsers, hence Timing-Allow-Origin).
 */
export const serverTiming = timing({ crossOrigin: true, totalDescription: 'Total' });

/** Times `work` as one Server-Timing entry, in milliseconds to two decimals. */
export async function timed<T>(c: Context, name: string, work: () => Promise<T> | T): Promise<T> {
  startTime(c, name);
  try {
    return await work();
  } finally {
    endTime(c, name, 2);
  }
}
