import { serve } from '@hono/node-server';
import { createApp } from '../lib/app/create-app.js';
import { openServices } from '../lib/app/open-services.js';
import { ensureDevAccount } from '../lib/auth/dev-account.js';
import type { Plan } from '../lib/auth/plans.js';
import { parseConfig } from '../lib/env.js';
import { releaseStaleHolds } from '../lib/ledger/index.js';
import { logger } from '../lib/logger.js';
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

  const app = createApp({ services, tools, withDocuments: true });
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: '0.0.0.0' });
  // Locally the sweep runs in-process; on AWS the scheduled sweeper Lambda does it.
  const sweep = setInterval(() => {
    releaseStaleHolds(services.db).catch((error) =>
      logger.warn('stale hold sweep failed', { error: String(error) }),
    );
  }, 60_000);

  const base = `http://localhost:${config.PORT}`;
  console.log(`Web extraction service listening on ${base}`);
  console.log(
    `  database: ${config.DATABASE_URL ? 'DATABASE_URL' : `embedded PGlite in ${config.DATA_DIR}/pglite`}`,
  );
  console.log(`  redis:    ${services.kv.driver}`);
  console.log(`  tools:    ${tools.length} at ${base}/api/v1/tools/<name>; reference at ${base}/docs`);
  console.log(`  dev API key: ${devKey}${config.DEV_API_KEY ? ' (DEV_API_KEY)' : ''}`);
  console.log(
    `  dev account: ${dev.accountId}${dev.created ? ' (created now)' : ''}, ${dev.balance} credits, plan ${dev.plan}`,
  );

  const shutdown = () => {
    clearInterval(sweep);
    server.close();
    services.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
