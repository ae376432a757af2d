import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitors } from '../../lib/db/schema/index.js';
import { createMonitorSchema } from '../../lib/monitors/api/input.js';
import { createMonitor } from '../../lib/monitors/api/monitors.js';
import type { QueuedJob } from '../../lib/monitors/queue/jobs.js';
import { jitterSeconds } from '../../lib/monitors/schedule/jitter.js';
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
    expect((await row()).dueAt?.toISOString()).toBe('2026-03-02T08:00:00.000Z');
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
    // The claim left the indexed column on the claimed slot (a HOT update); the check moves it.
    expect(current.dueAt?.toISOString()).toBe('2026-03-02T08:00:00.000Z');
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
    expect(current.dueAt?.toISOString()).toBe('2026-03-03T08:00:00.000Z');
    expect(current.lastCheckAt).not.toBeNull();
  });

  it('queue the next slot of a monitor whose claimed check never ran, once, and settle its row', async () => {
    const start = new Date('2026-04-06T06:50:00Z');
    const { clock } = clockedRuntime(world, start);
    const account = await world.harness.account({ credits: 100 });
    const { db, config } = world.harness.services;
    const monitor = await createMonitor({
      ctx: { db, config, accountId: account.accountId, apiKeyId: account.keyId, now: start },
      input: createMonitorSchema.parse({
        name: 'Lost job',
        targets: [{ url: world.shop.url('/lost-job') }],
        schedule_cron: '0 9 * * 1-5',
        timezone: 'Europe/Paris',
      }),
    });
    const row = async () => (await db.select().from(monitors).where(eq(monitors.id, monitor.id)))[0];
    const sweepAt = async (at: string) => {
      clock.set(at);
      const sent: QueuedJob[] = [];
      await queueDueChecks(db, { send: async (jobs) => void sent.push(...jobs) }, clock.now());
      return sent.flatMap(({ job }) =>
        job.type === 'check' && job.monitor_id === monitor.id ? [job.slot] : [],
      );
    };
    // Monday 09:00 Paris is claimed; its job is lost, so no check stores the slot after Tuesday's.
    expect(await sweepAt('2026-04-06T07:00:30Z')).toEqual(['2026-04-06T07:00:00.000Z']);
    expect(await sweepAt('2026-04-06T07:05:30Z')).toEqual([]);
    expect(await sweepAt('2026-04-07T06:55:30Z')).toEqual([]);
    // Tuesday's slot comes: the planner queues it and moves the row on to Wednesday, index included.
    expect(await sweepAt('2026-04-07T07:00:30Z')).toEqual(['2026-04-07T07:00:00.000Z']);
    const settled = await row();
    expect(settled.nextRunAt?.toISOString()).toBe('2026-04-08T07:00:00.000Z');
    expect(settled.dueAt?.toISOString()).toBe('2026-04-08T07:00:00.000Z');
    expect(await sweepAt('2026-04-07T07:05:30Z')).toEqual([]);
    // With no check in between either, Wednesday's slot is still queued once.
    expect(await sweepAt('2026-04-08T07:00:30Z')).toEqual(['2026-04-08T07:00:00.000Z']);
  });

  it('are claimed once by sweepers that run at the same moment', async () => {
    const start = new Date('2026-05-04T05:00:00Z');
    const account = await world.harness.account({ credits: 100 });
    const { db, config } = world.harness.services;
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const monitor = await createMonitor({
        ctx: { db, config, accountId: account.accountId, apiKeyId: account.keyId, now: start },
        input: createMonitorSchema.parse({
          name: `Race ${i}`,
          targets: [{ url: world.shop.url('/race') }],
          schedule_cron: '0 6 * * *',
          timezone: 'UTC',
        }),
      });
      ids.push(monitor.id);
    }
    const sent: QueuedJob[] = [];
    const queue = { send: async (jobs: QueuedJob[]) => void sent.push(...jobs) };
    const at = new Date('2026-05-04T06:00:10Z');
    const counts = await Promise.all(Array.from({ length: 4 }, () => queueDueChecks(db, queue, at)));
    const ours = sent.filter((job) => job.job.type === 'check' && ids.includes(job.job.monitor_id));
    expect(ours).toHaveLength(30);
    expect(new Set(ours.map((job) => (job.job.type === 'check' ? job.job.monitor_id : ''))).size).toBe(30);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(30);
    // Each carries the monitor's own stored offset into the minute.
    const [first] = await db.select().from(monitors).where(eq(monitors.id, ids[0]));
    expect(ours.find((job) => job.job.type === 'check' && job.job.monitor_id === ids[0])?.delaySeconds).toBe(
      jitterSeconds(ids[0]),
    );
    expect(first.jitterSeconds).toBe(jitterSeconds(ids[0]));
  });
});
