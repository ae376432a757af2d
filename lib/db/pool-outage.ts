import { logger } from '../logger.js';
import { namingOutage } from './outage.js';

/** What pg's Pool and Neon's Pool (a copy of pg-pool) share, as far as an outage is concerned. */
interface OutagePool {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(
    event: 'connect',
    listener: (client: { on(event: 'error', listener: (error: Error) => void): unknown }) => void,
  ): unknown;
  connect: (...args: never[]) => unknown;
}

/**
 * A dropped connection must cost the calls that were using it, not the process. pg emits `'error'`
 * on the pool when an idle client's socket dies (Neon closes idle connections and scales to zero,
 * so this is routine) and on a checked-out client between statements; an `'error'` with no
 * listener is thrown, and that ended the process. Both now log, the pool drops the dead client,
 * and the next call opens a fresh connection, so the service recovers by itself. A transaction that
 * cannot even connect rejects with STORAGE_UNAVAILABLE (statements are named by `storageFailureOf`).
 */
export function surviveOutages(pool: OutagePool, driver: string): void {
  pool.on('error', (error) =>
    logger.warn('database connection lost while idle', { driver, error: String(error) }),
  );
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      logger.warn('database connection lost while in use', { driver, error: String(error) }),
    );
  });
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  // pg-pool calls connect(callback) itself for pool.query: that form goes through untouched.
  pool.connect = ((...args: unknown[]) =>
    args.length > 0
      ? connect(...args)
      : namingOutage(connect() as Promise<unknown>)) as OutagePool['connect'];
}
