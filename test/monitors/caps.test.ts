import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_CAPS } from '../../lib/monitors/api/plan-caps.js';
import { type MonitorWorld, startMonitorWorld } from './support.js';

/** Issue #25 item 7: active monitors and targets are capped per plan; paused ones do not count. */

let world: MonitorWorld;
beforeAll(async () => {
  world = await startMonitorWorld();
});
afterAll(() => world.close());

const path = '/api/v1/monitors';

describe('plan caps', () => {
  it('refuses, with 403 MONITOR_LIMIT_REACHED, an active monitor or target past the free plan, and charges nothing', async () => {
    expect(MONITOR_CAPS.free).toEqual({ activeMonitors: 3, activeTargets: 20 });
    const account = await world.harness.account({ plan: 'free', credits: 50 });
    const call = async (method: string, url: string, body?: unknown) =>
      world.harness.call(method, url, { key: await account.newKey(), body });
    const targets = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => ({ url: world.shop.url(`/${tag}-${i}`) }));
    const a = await call('POST', path, { name: 'A', targets: targets(18, 'a') });
    expect(a.status).toBe(201);
    const b = await call('POST', path, { name: 'B', targets: targets(2, 'b') });
    expect(b.status).toBe(201);
    const c = await call('POST', path, { name: 'C', targets: targets(1, 'c') });
    expect(c.status).toBe(403);
    expect(c.body.error.code).toBe('MONITOR_LIMIT_REACHED');
    expect(c.body.error.message).toContain('at most 20 targets');
    expect(c.body.error.details).toEqual([
      { field: 'targets', message: 'at most 20 active targets on the free plan' },
    ]);
    const paused = await call('POST', path, { name: 'C', targets: targets(1, 'c'), status: 'paused' });
    expect(paused.status).toBe(201);
    const resume = await call('PATCH', `${path}/${paused.body.data.id}`, { status: 'active' });
    expect(resume.status).toBe(403);
    expect(resume.body.error.code).toBe('MONITOR_LIMIT_REACHED');
    const grow = await call('PATCH', `${path}/${b.body.data.id}`, { targets: targets(3, 'b') });
    expect(grow.status).toBe(403);
    // Renaming an active monitor is never refused: it adds nothing.
    expect((await call('PATCH', `${path}/${a.body.data.id}`, { name: 'A2' })).status).toBe(200);
    expect((await call('DELETE', `${path}/${b.body.data.id}`)).status).toBe(200);
    expect((await call('PATCH', `${path}/${paused.body.data.id}`, { status: 'active' })).status).toBe(200);
    expect((await call('POST', path, { name: 'D', targets: targets(1, 'd') })).status).toBe(201);
    const fourth = await call('POST', path, { name: 'E', targets: targets(1, 'e') });
    expect(fourth.status).toBe(403);
    expect(fourth.body.error.details).toEqual([
      { field: 'status', message: 'at most 3 active monitors on the free plan' },
    ]);
    expect(await account.balance()).toBe(50);
  });
});
