import { hostname } from 'node:os';
import { readBrowserSettings } from '../lib/browser/config.js';
import { BrowserHost } from '../lib/browser/host/browser-host.js';
import { systemClock } from '../lib/browser/host/clock.js';
import { createHostServer } from '../lib/browser/host/host-server.js';
import { BrowserInstance } from '../lib/browser/launch/browser-instance.js';
import { parseConfig } from '../lib/env.js';
import { logger } from '../lib/logger.js';
import { openServices } from '../lib/open-services.js';

/**
 * The browser host's container entry (infra/browser-host/Dockerfile): Chromium, the page pool and
 * the session registry, serving the internal protocol on PORT. Locally the dev server runs the
 * same host in its own process instead.
 */
async function main(): Promise<void> {
  const config = parseConfig();
  const settings = readBrowserSettings();
  const token = process.env.BROWSER_HOST_TOKEN ?? '';
  if (token.length < 32) throw new Error('BROWSER_HOST_TOKEN (at least 32 characters) is required');
  if (!settings.executablePath) throw new Error('BROWSER_EXECUTABLE_PATH names no Chromium');

  const services = await openServices(config);
  const instance = new BrowserInstance(
    { executablePath: settings.executablePath, engineBExecutablePath: settings.engineBExecutablePath },
    config,
  );
  const host = new BrowserHost({
    instance,
    guardEnv: { config, kv: services.kv },
    db: services.db,
    clock: systemClock,
    limits: { maxSessions: settings.maxSessions, maxSessionsPerAccount: settings.maxSessionsPerAccount },
    // Stable across restarts, so a restarted host closes the rows its previous life left live.
    hostId: process.env.BROWSER_HOST_ID ?? `host_${hostname()}`,
  });
  await host.start();
  const server = createHostServer(host, token);
  server.listen(config.PORT, '0.0.0.0', () => logger.info('browser host listening', { port: config.PORT }));

  const shutdown = () => {
    server.close();
    host
      .stop()
      .then(() => instance.close())
      .then(() => services.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error) => {
  logger.error('browser host did not start', {
    error: error instanceof Error ? error.message : String(error),
  });
  process.exit(1);
});
