import type { DatabaseDriver, DatabaseHandle } from './database.js';

// The types live in a leaf the drivers import too, so a driver and this chooser import no circle.
export type { Database, DatabaseDriver, DatabaseHandle } from './database.js';

export interface DatabaseSettings {
  DATABASE_URL?: string;
  DATABASE_DRIVER?: DatabaseDriver;
  /** Development only: a WebSocket proxy in front of a local PostgreSQL, for the Neon driver. */
  NEON_WS_PROXY?: string;
  DATA_DIR: string;
}

export function chooseDriver(settings: DatabaseSettings): DatabaseDriver {
  if (settings.DATABASE_DRIVER) return settings.DATABASE_DRIVER;
  if (!settings.DATABASE_URL) return 'pglite';
  if (settings.DATABASE_URL.startsWith('memory:')) return 'pglite';
  return /\.neon\.tech\b/.test(settings.DATABASE_URL) ? 'neon' : 'pg';
}

/**
 * Drivers are imported on demand so that a Lambda bundle, which marks the embedded and TCP
 * drivers external, carries only Neon's.
 */
export async function openDatabase(settings: DatabaseSettings): Promise<DatabaseHandle> {
  const driver = chooseDriver(settings);
  if (driver === 'pglite') {
    const { openPglite } = await import('./drivers/pglite.js');
    const location = settings.DATABASE_URL?.startsWith('memory:') ? undefined : `${settings.DATA_DIR}/pglite`;
    return openPglite(location);
  }
  if (!settings.DATABASE_URL) throw new Error(`DATABASE_URL is required for the ${driver} driver`);
  if (driver === 'neon') {
    const { openNeon } = await import('./drivers/neon.js');
    return openNeon(settings.DATABASE_URL, { wsProxy: settings.NEON_WS_PROXY });
  }
  const { openNodePostgres } = await import('./drivers/node-postgres.js');
  return openNodePostgres(settings.DATABASE_URL);
}
