import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  batches,
  monitorChecks,
  monitors,
  pageBaselines,
  storedResults,
  webhookDeliveries,
} from '../../../lib/db/schema/index.js';
import { holdCredits } from '../../../lib/ledger/index.js';
import { updateMonitor } from '../../../lib/monitors/api/monitors.js';
import { runCheck } from '../../../lib/monitors/check/run-check.js';
import { JITTER_SECONDS } from '../../../lib/monitors/schedule/jitter.js';
import { sweep } from '../../../lib/monitors/schedule/sweeper.js';
import { clockedRuntime, HOUR, MINUTE, page } from '../support.js';
import { type ClockedContext, checkJobs } from './context.js';

/** The sweeper through slots, overlap, credits, pause and resume, DST changes, retention and dead workers. */
export function scheduleCases(ctx: ClockedContext): void {
  describe('the sweeper', () => {
    it('starts each due check once, with per-monitor jitter, and advances next_run_at to the next slot', async () => {
      const p = `/hourly-${Date.now()}`;
      ctx.world.shop.set(p, page('Hourly', 'Content.'));
      const { clock, rt, queue } = clockedRuntime(ctx.world, new Date('2021-01-10T09:58:00Z'));
      const account = await ctx.world.harness.account({ credits: 100 });
      const monitor = await ctx.makeMonitor(
        account,
        { targets: [{ url: ctx.world.shop.url(p) }] },
        clock.now(),
      );
      expect(monitor.next_run_at).toBe('2021-01-10T10:00:00.000Z');

      clock.set('2021-01-10T09:59:00Z');
      expect((await sweep(rt, queue)).checksQueued).toBe(0);

      clock.set('2021-01-10T10:00:20Z');
      const sent: number[] = [];
      const spy = queue.send.bind(queue);
      queue.send = async (jobs) => {
        for (const job of jobs) sent.push(job.delaySeconds);
        await spy(jobs);
      };
      await sweep(rt, queue);
      expect(checkJobs(queue.pending(), monitor.id)).toEqual([
        { type: 'check', monitor_id: monitor.id, slot: '2021-01-10T10:00:00.000Z' },
      ]);
      expect(sent[0]).toBeGreaterThanOrEqual(0);
      expect(sent[0]).toBeLessThan(JITTER_SECONDS);
      expect((await ctx.monitorRow(monitor.id)).nextRunAt?.toISOString()).toBe('2021-01-10T11:00:00.000Z');
      await queue.runPending();
      const [check] = await ctx.checksOf(monitor.id);
      expect(check).toMatchObject({ trigger: 'schedule', status: 'completed', creditsCharged: 3 });
      expect(check.slot?.toISOString()).toBe('2021-01-10T10:00:00.000Z');
      expect((await ctx.monitorRow(monitor.id)).lastCheckAt?.toISOString()).toBe('2021-01-10T10:00:20.000Z');

      clock.set('2021-01-10T10:04:00Z');
      expect((await sweep(rt, queue)).checksQueued).toBe(0);

      // The sweeper was down for two slots: one check, and the schedule picks up after now.
      clock.set('2021-01-10T12:30:00Z');
      await sweep(rt, queue);
      expect(checkJobs(queue.pending(), monitor.id)).toHaveLength(1);
      expect((await ctx.monitorRow(monitor.id)).nextRunAt?.toISOString()).toBe('2021-01-10T13:00:00.000Z');
      await queue.runPending();
      expect(await account.balance()).toBe(94);
    });

    it('never starts the same check twice: two sweepers at once, and a job delivered twice', async () => {
      const p = `/twice-${Date.now()}`;
      ctx.world.shop.set(p, page('Twice', 'Once only.'));
      const a = clockedRuntime(ctx.world, new Date('2021-02-01T00:00:00Z'));
      const b = clockedRuntime(ctx.world, new Date('2021-02-01T00:00:00Z'));
      const account = await ctx.world.harness.account({ credits: 1_000 });
      const ids: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        ids.push(
          (await ctx.makeMonitor(account, { targets: [{ url: ctx.world.shop.url(p) }] }, a.clock.now())).id,
        );
      }
      a.clock.set('2021-02-01T01:00:05Z');
      b.clock.set('2021-02-01T01:00:05Z');
      await Promise.all([sweep(a.rt, a.queue), sweep(b.rt, b.queue), sweep(a.rt, b.queue)]);
      const jobs = checkJobs([...a.queue.pending(), ...b.queue.pending()]).filter((job) =>
        ids.includes(job.monitor_id),
      );
      expect(jobs).toHaveLength(20);
      expect(new Set(jobs.map((job) => job.monitor_id)).size).toBe(20);

      const job = jobs[0];
      const request = { trigger: 'schedule' as const, monitorId: job.monitor_id, slot: new Date(job.slot) };
      const [first, again] = await Promise.all([runCheck(a.rt, request), runCheck(b.rt, request)]);
      expect([first, again].filter((check) => check?.status === 'completed')).toHaveLength(1);
      expect(await ctx.checksOf(job.monitor_id)).toHaveLength(1);
      expect(await runCheck(a.rt, request)).toBeNull();
    });

    it('records skipped_overlap, fetching nothing, when the previous check still runs', async () => {
      const p = `/overlap-${Date.now()}`;
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      ctx.world.shop.set(p, async () => {
        await gate;
        return page('Slow', 'Takes a while.');
      });
      const { clock, rt, queue } = clockedRuntime(ctx.world, new Date('2021-03-01T08:00:00Z'));
      const account = await ctx.world.harness.account({ credits: 100 });
      const monitor = await ctx.makeMonitor(
        account,
        { targets: [{ url: ctx.world.shop.url(p) }], schedule_cron: '*/5 * * * *' },
        clock.now(),
      );
      clock.set('2021-03-01T08:05:10Z');
      await sweep(rt, queue);
      const firstRun = queue.runPending();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await ctx.checksOf(monitor.id))[0].status).toBe('running');

      clock.set('2021-03-01T08:10:10Z');
      await sweep(rt, queue);
      await queue.runPending().catch(() => {});
      const history = await ctx.checksOf(monitor.id);
      expect(history.map((check) => check.status)).toEqual(['running', 'skipped_overlap']);
      expect(history[1]).toMatchObject({ creditsReserved: 0, creditsCharged: 0, trigger: 'schedule' });
      expect(history[1].slot?.toISOString()).toBe('2021-03-01T08:10:00.000Z');
      expect(ctx.world.shop.hits(p)).toBe(1);

      release();
      await firstRun;
      expect((await ctx.checksOf(monitor.id)).map((check) => check.status)).toEqual([
        'completed',
        'skipped_overlap',
      ]);
      expect(await account.balance()).toBe(97);
    });

    it('records insufficient_credits for a slot the balance cannot cover, and fetches nothing', async () => {
      const p = `/poor-${Date.now()}`;
      ctx.world.shop.set(p, page('Poor', 'Never read.'));
      const { clock, rt, queue } = clockedRuntime(ctx.world, new Date('2021-04-01T00:00:00Z'));
      const account = await ctx.world.harness.account({ credits: 2 });
      const monitor = await ctx.makeMonitor(
        account,
        { targets: [{ url: ctx.world.shop.url(p) }] },
        clock.now(),
      );
      clock.advance(HOUR + MINUTE);
      await sweep(rt, queue);
      await queue.runPending();
      const [check] = await ctx.checksOf(monitor.id);
      expect(check).toMatchObject({ status: 'insufficient_credits', creditsReserved: 0, creditsCharged: 0 });
      expect(ctx.world.shop.hits(p)).toBe(0);
      expect(await account.balance()).toBe(2);
    });

    it('pauses (nothing due) and resumes at the next slot after the resume', async () => {
      const { clock, rt, queue } = clockedRuntime(ctx.world, new Date('2021-05-03T06:50:00Z'));
      const account = await ctx.world.harness.account({ credits: 100 });
      const monitor = await ctx.makeMonitor(
        account,
        {
          targets: [{ url: ctx.world.shop.url('/paused') }],
          schedule_cron: '0 9 * * 1-5',
          timezone: 'Europe/Paris',
        },
        clock.now(),
      );
      // Monday 3 May 2021, 09:00 in Paris (UTC+2).
      expect(monitor.next_run_at).toBe('2021-05-03T07:00:00.000Z');
      const { db, config } = ctx.world.harness.services;
      const paused = await updateMonitor({
        ctx: { db, config, accountId: account.accountId, now: clock.now() },
        input: { id: monitor.id, changes: { status: 'paused' } },
      });
      expect(paused.next_run_at).toBeNull();
      clock.set('2021-05-05T12:00:00Z');
      await sweep(rt, queue);
      expect(checkJobs(queue.pending(), monitor.id)).toHaveLength(0);
      const resumed = await updateMonitor({
        ctx: { db, config, accountId: account.accountId, now: clock.now() },
        input: { id: monitor.id, changes: { status: 'active' } },
      });
      // Wednesday noon: the next slot is Thursday 09:00 Paris.
      expect(resumed.next_run_at).toBe('2021-05-06T07:00:00.000Z');
      // Friday's slot, then Monday's: weekends are skipped.
      clock.set('2021-05-07T07:01:00Z');
      await sweep(rt, queue);
      expect((await ctx.monitorRow(monitor.id)).nextRunAt?.toISOString()).toBe('2021-05-10T07:00:00.000Z');
    });

    it('prunes checks past retention_days and keeps baselines until the monitor is deleted', async () => {
      const p = `/retained-${Date.now()}`;
      ctx.world.shop.set(p, page('Retained', 'Stable content.'));
      const { clock, rt, queue } = clockedRuntime(ctx.world, new Date('2021-06-01T00:00:00Z'));
      const account = await ctx.world.harness.account({ credits: 100 });
      const monitor = await ctx.makeMonitor(
        account,
        {
          targets: [{ url: ctx.world.shop.url(p) }],
          retention_days: 1,
          webhook_url: ctx.world.receiver.hook(`retained-${Date.now()}`),
        },
        clock.now(),
      );
      for (let i = 0; i < 2; i += 1) {
        clock.advance(HOUR);
        await sweep(rt, queue);
        await queue.runPending();
      }
      expect(await ctx.checksOf(monitor.id)).toHaveLength(2);
      const { db } = ctx.world.harness.services;
      const deliveries = () =>
        db.select().from(webhookDeliveries).where(eq(webhookDeliveries.monitorId, monitor.id));
      expect((await deliveries()).length).toBe(4);

      // Paused from here on, so the sweeps below only prune.
      const { config } = ctx.world.harness.services;
      await updateMonitor({
        ctx: { db, config, accountId: account.accountId, now: clock.now() },
        input: { id: monitor.id, changes: { status: 'paused' } },
      });
      clock.set('2021-06-02T01:30:00Z');
      const report = await sweep(rt, queue);
      expect(report.checksPruned).toBeGreaterThanOrEqual(1);
      const left = await ctx.checksOf(monitor.id);
      expect(left.map((check) => check.startedAt.toISOString())).toEqual(['2021-06-01T02:00:00.000Z']);
      expect((await deliveries()).length).toBe(2);

      clock.set('2021-06-04T00:00:00Z');
      await sweep(rt, queue);
      expect(await ctx.checksOf(monitor.id)).toHaveLength(0);
      expect(await deliveries()).toHaveLength(0);
      // The baseline outlives its checks: the next check compares with it and finds no change.
      expect(
        await db.select().from(pageBaselines).where(eq(pageBaselines.monitorId, monitor.id)),
      ).toHaveLength(1);
      const next = await runCheck(rt, {
        trigger: 'manual',
        monitorId: monitor.id,
        accountId: account.accountId,
      });
      expect(next?.pages[0].status).toBe('unchanged');

      await db.delete(monitors).where(eq(monitors.id, monitor.id));
      expect(
        await db.select().from(pageBaselines).where(eq(pageBaselines.monitorId, monitor.id)),
      ).toHaveLength(0);
    });

    it('deletes stored results and batches past expires_at, and keeps the rest', async () => {
      const { rt, queue } = clockedRuntime(ctx.world, new Date('2021-08-01T00:00:00Z'));
      const account = await ctx.world.harness.account({ credits: 10 });
      const { db } = ctx.world.harness.services;
      const row = (id: string, expiresAt: string) => ({
        id,
        accountId: account.accountId,
        expiresAt: new Date(expiresAt),
      });
      const suffix = Date.now().toString(36).toUpperCase();
      await db.insert(storedResults).values([
        { ...row(`res_OLD${suffix}`, '2021-07-31T23:00:00Z'), tool: 'scrape', result: {}, totalChars: 2 },
        { ...row(`res_NEW${suffix}`, '2021-08-01T01:00:00Z'), tool: 'scrape', result: {}, totalChars: 2 },
      ]);
      const batch = { status: 'completed', total: 0, succeeded: 0, failed: 0, skipped: 0, results: [] };
      await db.insert(batches).values([
        {
          ...row(`bat_OLD${suffix}`, '2021-07-31T00:00:00Z'),
          ...batch,
          completedAt: new Date('2021-07-30T00:00:00Z'),
        },
        {
          ...row(`bat_NEW${suffix}`, '2021-08-01T12:00:00Z'),
          ...batch,
          completedAt: new Date('2021-07-31T12:00:00Z'),
        },
      ]);

      const report = await sweep(rt, queue);
      expect(report.resultsPruned).toBeGreaterThanOrEqual(2);
      const ids = async (table: typeof storedResults | typeof batches) =>
        (await db.select({ id: table.id }).from(table).where(eq(table.accountId, account.accountId))).map(
          (kept) => kept.id,
        );
      expect(await ids(storedResults)).toEqual([`res_NEW${suffix}`]);
      expect(await ids(batches)).toEqual([`bat_NEW${suffix}`]);
    });

    it('fails a check whose worker died and releases its hold; releases stale credit holds', async () => {
      const { clock, rt, queue } = clockedRuntime(ctx.world, new Date('2021-07-01T00:00:00Z'));
      const account = await ctx.world.harness.account({ credits: 50 });
      const monitor = await ctx.makeMonitor(
        account,
        { targets: [{ url: ctx.world.shop.url('/dead') }] },
        clock.now(),
      );
      const { db } = ctx.world.harness.services;
      // A worker that claimed its slot and took its hold, then was killed.
      const hold = await holdCredits(db, {
        accountId: account.accountId,
        apiKeyId: account.keyId,
        tool: 'track_changes',
        requestId: 'chk_dead',
        amount: 3,
      });
      await db.insert(monitorChecks).values({
        id: 'chk_0000000000DEADWORKR',
        monitorId: monitor.id,
        accountId: account.accountId,
        trigger: 'schedule',
        slot: new Date('2021-07-01T01:00:00Z'),
        status: 'running',
        startedAt: new Date('2021-07-01T01:00:05Z'),
        summary: { total: 1, new: 0, changed: 0, unchanged: 0, blocked: 0, errored: 0 },
        creditsReserved: 3,
        holdId: hold!.id,
        pages: [],
      });
      expect(await account.balance()).toBe(47);
      const stale = await holdCredits(db, {
        accountId: account.accountId,
        apiKeyId: account.keyId,
        tool: 'scrape',
        requestId: 'req_died',
        amount: 10,
        ttlSeconds: -60,
      });
      expect(stale).not.toBeNull();
      // Already expired, so it no longer counts: only the check's live hold is out of the balance.
      expect(await account.balance()).toBe(47);

      clock.set('2021-07-01T01:10:00Z');
      expect((await sweep(rt, queue)).staleChecksFailed).toBe(0);
      clock.set('2021-07-01T01:20:10Z');
      const report = await sweep(rt, queue);
      expect(report.staleChecksFailed).toBe(1);
      const [check] = await ctx.checksOf(monitor.id);
      expect(check).toMatchObject({ status: 'failed', error: expect.stringContaining('did not finish') });
      expect(check.finishedAt?.toISOString()).toBe('2021-07-01T01:20:10.000Z');
      // Both holds are back: the dead check's by the sweeper, the stale one by the stale-hold sweep
      // (which may have been another test file's sweep; either way it is released once).
      expect(await account.balance()).toBe(50);
    });
  });
}
