import { createHash } from 'node:crypto';

/** Spread of a slot's checks: each monitor starts at the same offset into the minute every time. */
export const JITTER_SECONDS = 60;

/**
 * A monitor's offset, from its id: computed once, when the monitor is made, and stored on its row
 * (`jitter_seconds`), because hashing 100,000 ids took a fresh sweeper process longer than its
 * whole claim. Migration 0007 filled existing rows with the same function in SQL.
 */
export function jitterSeconds(monitorId: string): number {
  return createHash('sha256').update(monitorId).digest().readUInt32BE(0) % JITTER_SECONDS;
}
