import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitors } from '../../lib/db/schema/index.js';
import { createMonitorSchema } from '../../lib/monitors/api/input.js';
import { createMonitor } from '../../lib/monitors/api/monitors.js';
import type { QueuedJob } from '../../lib/monitors/queue/jobs.js';
import { queueDueChecks } from '../../lib/monitors/schedule/sweeper.js';
import { clockedRuntime, type MonitorWorld, page, startMonitorWorld } from './support.js';

/** Sweeping at scale: the slot after next is stored on the row, so the sweep advances it without a cron. */

let world: MonitorWorld;
beforeAll(async () => {
  world = await startMonitorWorld();
});
afterAll(() => world.close());

describe('stored slots', () => {
  it('are set on create, moved forward by the sweep, and refilled by the check of the slot', async () => {
    const stamp = Date.now();
    world.shop.set(`/slots-${stamp}`, page('Slots', 'Steady.'));
    const start = new Date('2026-03-02T07:10:00Z');
    const { clock, queue } = clockedRuntime(world, start);
    const account = await world.harness.account({ credits: 100 });
    const { db, config } = world.harness.services;
    const monitor = await createMonitor({
      ctx: { db, config, accountId: account.accountId, apiKeyId: account.keyId, now: start },
      input: createMonitorSchema.parse({
        name: 'Slots',
        targets: [{ url: world.shop.url(`/slots-${stamp}`) }],
        schedule_cron: '0 9 * * 1-5',
        timezone: 'Europe/Paris',
      }),
    });
    const row = async () => (await db.select().from(monitors).where(eq(monitors.id, monitor.id)))[0];
    // Monday 09:00 Paris, then Tuesday 09:00.
    expect((await row()).nextRunAt?.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect((await row()).followingRunAt?.toISOString()).toBe('2026-03-03T08:00:00.000Z');
    clock.set('2026-03-02T08:00:30Z');
    const sent: QueuedJob[] = [];
    const count = await queueDueChecks(db, { send: async (jobs) => void sent.push(...jobs) }, clock.now());
    expect(count).toBeGreaterThanOrEqual(1);
    expect(sent.filter((job) => job.job.type === 'check' && job.job.monitor_id === monitor.id)).toEqual([
      {
        job: { type: 'check', monitor_id: monitor.id, slot: '2026-03-02T08:00:00.000Z' },
        delaySeconds: expect.any(Number),
      },
    ]);
    let current = await row();
    expect(current.nextRunAt?.toISOString()).toBe('2026-03-03T08:00:00.000Z');
    expect(current.followingRunAt).toBeNull();
    await queue.send([
      {
        job: sent.find((job) => job.job.type === 'check' && job.job.monitor_id === monitor.id)!.job,
        delaySeconds: 0,
      },
    ]);
    await queue.runPending();
    current = await row();
    // The check of the slot stored the one after Tuesday's: Wednesday 09:00 Paris.
    expect(current.followingRunAt?.toISOString()).toBe('2026-03-04T08:00:00.000Z');
    expect(current.lastCheckAt).not.toBeNull();
  });
});
