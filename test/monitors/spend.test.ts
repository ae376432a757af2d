import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountMonitorRoutes } from '../../lib/app/monitors/routes.js';
import { mountUsageRoutes } from '../../lib/app/usage/routes.js';
import { usageLog } from '../../lib/db/schema/index.js';
import { type Harness, startHarness, type TestAccount } from '../support/harness.js';
import { page, SHOP, type Shop, startShop } from './support.js';

/**
 * What each monitor cost: every check's usage row names its monitor, and GET /api/v1/usage adds the
 * per-monitor totals (`by_monitor`) beside the per-tool ones, read back from real checks.
 */

let shop: Shop;
let harness: Harness;
beforeAll(async () => {
  shop = await startShop();
  harness = await startHarness({
    tools: [],
    env: { FETCH_HOST_MAP: `${SHOP}=127.0.0.1` },
    mounts: [mountMonitorRoutes, mountUsageRoutes],
  });
});
afterAll(async () => {
  await harness.close();
  await shop.server.close();
});

async function as(account: TestAccount, method: string, path: string, body?: unknown) {
  return harness.call(method, path, { key: await account.newKey(), body });
}

async function monitorWatching(account: TestAccount, name: string, paths: string[]) {
  const res = await as(account, 'POST', '/api/v1/monitors', {
    name,
    targets: paths.map((path) => ({ url: shop.url(path) })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

async function run(account: TestAccount, monitorId: string) {
  const res = await as(account, 'POST', `/api/v1/monitors/${monitorId}/run`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('spend per monitor', () => {
  it('names the monitor on each check’s usage row and totals each monitor in GET /api/v1/usage', async () => {
    const stamp = Date.now();
    shop.set(`/a-${stamp}`, page('A', 'First page.'));
    shop.set(`/b-${stamp}`, page('B', 'Second page.'));
    const account = await harness.account({ credits: 100 });
    const stranger = await harness.account({ credits: 100 });
    const twoPages = await monitorWatching(account, 'Two pages', [`/a-${stamp}`, `/b-${stamp}`]);
    const broken = await monitorWatching(account, 'Broken', [`/missing-${stamp}`]);
    const theirs = await monitorWatching(stranger, 'Not yours', [`/a-${stamp}`]);

    const first = await run(account, twoPages);
    await run(account, twoPages);
    const failing = await run(account, broken);
    expect(failing.credits_charged).toBe(0);
    await run(stranger, theirs);

    const [row] = await harness.services.db.select().from(usageLog).where(eq(usageLog.requestId, first.id));
    expect(row).toMatchObject({ tool: 'track_changes', credits: 6, monitorId: twoPages });

    const res = await as(account, 'GET', '/api/v1/usage');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.by_monitor).toEqual([
      { monitor_id: twoPages, name: 'Two pages', credits: 12, calls: 2 },
      { monitor_id: broken, name: 'Broken', credits: 0, calls: 1 },
    ]);
    expect(res.body.data.tools).toEqual([{ tool: 'track_changes', credits: 12, calls: 3 }]);

    // A deleted monitor's checks were paid for: they stay in the usage, without a name.
    expect((await as(account, 'DELETE', `/api/v1/monitors/${broken}`)).status).toBe(200);
    const after = await as(account, 'GET', '/api/v1/usage');
    expect(after.body.data.by_monitor[1]).toEqual({ monitor_id: broken, name: null, credits: 0, calls: 1 });
  });

  it('is an empty list for an account whose monitors never ran', async () => {
    const account = await harness.account({ credits: 0 });
    await monitorWatching(account, 'Idle', ['/idle']);
    const res = await as(account, 'GET', '/api/v1/usage');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.by_monitor).toEqual([]);
  });
});
