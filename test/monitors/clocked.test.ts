import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ClockedContext } from './clocked/context.js';
import { deliveryCases } from './clocked/delivery-cases.js';
import { dstCases } from './clocked/dst-cases.js';
import { lambdaCases } from './clocked/lambda-cases.js';
import { scheduleCases } from './clocked/schedule-cases.js';
import { startMonitorWorld } from './support.js';

/**
 * Every test that sweeps, in one file so they run one after another. Their clocks lie in the past:
 * a sweep on a past clock never touches what other files make on the real clock. The Lambda cases
 * sweep on the real clock, which would touch this file's past monitors, so each case deletes what
 * it made before the next one runs.
 */
const ctx = new ClockedContext();

beforeAll(async () => {
  ctx.world = await startMonitorWorld();
  // Monitors left active by an interrupted earlier run would be due for every clock here.
  await ctx.world.harness.services.db.execute(
    sql`UPDATE monitors SET status = 'paused', next_run_at = NULL WHERE next_run_at < now() - interval '1 day'`,
  );
});
afterEach(() => ctx.cleanUp());
afterAll(() => ctx.world.close());

scheduleCases(ctx);
dstCases(ctx);
deliveryCases(ctx);
lambdaCases(ctx);
