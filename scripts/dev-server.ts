import { createApp } from '../lib/app/create-app.js';
import { startNodeServer } from '../lib/app/node-server.js';
import { serviceRoutes } from '../lib/app/service-routes.js';
import { ensureDevAccount } from '../lib/auth/dev-account.js';
import type { Plan } from '../lib/auth/plans.js';
import { readBrowserSettings } from '../lib/browser/config.js';
import { openBrowserRuntime } from '../lib/browser/runtime.js';
import type { BrowserRuntime } from '../lib/browser/tier.js';
import { buildDashboard } from '../lib/dashboard/build.js';
import { DASHBOARD_PATH, mountDashboard } from '../lib/dashboard/mount.js';
import { parseConfig } from '../lib/env.js';
import { logger } from '../lib/logger.js';
import { mountMcp } from '../lib/mcp/mount.js';
import { MCP_PATH } from '../lib/mcp/path.js';
import { createCheckRuntime } from '../lib/monitors/check/check-runtime.js';
import { InProcessQueue } from '../lib/monitors/queue/in-process-queue.js';
import { handleJob } from '../lib/monitors/queue/worker.js';
import { sweep } from '../lib/monitors/schedule/sweeper.js';
import { openServices } from '../lib/open-services.js';
import { tools } from '../lib/tools/registry.js';
import { readOrCreateLocalDevKey } from './local-dev-key.js';

/** `npm start`: every tool, /openapi.json and /docs in one process, on the embedded drivers by default. */
async function main(): Promise<void> {
  const config = parseConfig();
  const services = await openServices(config);
  await services.migrate();
  const devKey = config.DEV_API_KEY ?? readOrCreateLocalDevKey(config.DATA_DIR);
  const dev = await ensureDevAccount(services.db, {
    key: devKey,
    credits: config.DEV_CREDITS,
    plan: config.DEV_PLAN as Plan,
    applyCredits: process.env.DEV_CREDITS !== undefined,
    applyPlan: process.env.DEV_PLAN !== undefined,
  });

  // The browser tier in this process: renders and the session host share one Chromium, launched on
  // first use; without a Chromium the browser tools answer 503 TOOL_NOT_AVAILABLE.
  const browser = openBrowserRuntime(services, { hostId: 'dev-server' });
  const app = createApp({
    services: { ...services, browser },
    tools,
    withDocuments: true,
    // The dashboard is built here, in memory, from lib/dashboard (about 150 ms): nothing built is committed.
    mounts: [...serviceRoutes, mountDashboard(buildDashboard())],
  });
  mountMcp(app, { services: { ...services, browser } });
  // Loopback unless HOST says otherwise: the process prints a key holding the dev account's credits.
  const host = process.env.HOST?.trim() || '127.0.0.1';
  const server = await startNodeServer(app, { port: config.PORT, hostname: host });
  // Locally the monitor sweeper runs in-process with the same code as the sweeper Lambda, every
  // five minutes (aligned to the clock, as the EventBridge rule is); its jobs run in this process
  // after their jitter, where on AWS the check Lambda reads them from SQS.
  const runtime = createCheckRuntime(services, { inlineRetryWindowMs: 6_000 });
  const queue = new InProcessQueue((job) => handleJob(runtime, job, 6_000), {
    autoRun: true,
    honourDelays: true,
  });
  const runSweep = () =>
    sweep(runtime, queue)
      .then((report) => logger.info('monitor sweep', { ...report }))
      .catch((error) => logger.warn('monitor sweep failed', { error: String(error) }));
  let sweepTimer = setTimeout(function tick() {
    void runSweep();
    sweepTimer = setTimeout(tick, msToNextFiveMinutes());
  }, msToNextFiveMinutes());
  void runSweep();

  const everywhere = host === '0.0.0.0' || host === '::';
  const shownHost =
    everywhere || host === '127.0.0.1' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const base = `http://${shownHost}:${config.PORT}`;
  console.log(`Web extraction service listening on ${base}`);
  if (everywhere)
    console.log(`  HOST=${host}: reachable from other machines, and so is the dev API key printed below`);
  console.log(
    `  database: ${config.DATABASE_URL ? 'DATABASE_URL' : `embedded PGlite in ${config.DATA_DIR}/pglite`}`,
  );
  console.log(`  redis:    ${services.kv.driver}`);
  console.log(`  browser:  ${describeBrowser(browser)}`);
  console.log(`  tools:    ${tools.length} at ${base}/api/v1/tools/<name>; reference at ${base}/docs`);
  console.log(
    `  monitors: ${base}/api/v1/monitors (sweeper every 5 minutes in this process; email: ${runtime.mailer.transport})`,
  );
  console.log(`  dashboard: ${base}${DASHBOARD_PATH} (sign in with an API key)`);
  console.log(`  MCP:      ${base}${MCP_PATH} (Streamable HTTP, X-API-Key or Authorization: Bearer)`);
  console.log(`  dev API key: ${devKey}${config.DEV_API_KEY ? ' (DEV_API_KEY)' : ''}`);
  console.log(
    `  dev account: ${dev.accountId}${dev.created ? ' (created now)' : ''}, ${dev.balance} credits, plan ${dev.plan}`,
  );

  const shutdown = () => {
    clearTimeout(sweepTimer);
    server
      .close()
      .finally(() => browser?.close())
      .finally(() => services.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

function msToNextFiveMinutes(now = Date.now()): number {
  const period = 5 * 60_000;
  return period - (now % period) + 500;
}

function describeBrowser(browser: BrowserRuntime | undefined): string {
  if (!browser) return 'none (no Chromium found; set BROWSER_EXECUTABLE_PATH): browser tools answer 503';
  const settings = readBrowserSettings();
  const sessions = browser.localHost ? 'sessions in this process' : 'sessions on BROWSER_HOST_URL';
  return `${settings.executablePath ?? 'remote host only'}, ${sessions}`;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
