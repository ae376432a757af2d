import { describe, expect, it } from 'vitest';
import type { QueuedJob } from '../../../lib/monitors/queue/jobs.js';
import { queueDueChecks } from '../../../lib/monitors/schedule/sweeper.js';
import { clockedRuntime, MINUTE } from '../support.js';
import { type ClockedContext, checkJobs } from './context.js';

/**
 * Slots through DST changes, as the five-minute sweeper finds them: Vixie cron's rules (a fixed
 * time in the gap runs right after it, a repeated fixed time runs once, wildcard hours follow the
 * new wall clock), including Lord Howe's 30-minute shift.
 */
export function dstCases(ctx: ClockedContext): void {
  describe('across DST changes', () => {
    async function slotsThrough(cron: string, timezone: string, from: string, until: string) {
      const { clock } = clockedRuntime(ctx.world, new Date(from));
      const account = await ctx.world.harness.account({ credits: 0 });
      const monitor = await ctx.makeMonitor(
        account,
        { targets: [{ url: ctx.world.shop.url('/dst') }], schedule_cron: cron, timezone },
        clock.now(),
      );
      const slots: string[] = [];
      // The scheduler wakes every five minutes.
      while (clock.now() < new Date(until)) {
        clock.advance(5 * MINUTE);
        const jobs: QueuedJob[] = [];
        await queueDueChecks(
          ctx.world.harness.services.db,
          { send: async (sent) => void jobs.push(...sent) },
          clock.now(),
        );
        for (const job of checkJobs(
          jobs.map((queued) => queued.job),
          monitor.id,
        ))
          slots.push(job.slot);
      }
      return slots;
    }

    it('New York, spring forward: 02:30 runs right after the gap, hourly skips 02:00', async () => {
      expect(
        await slotsThrough('30 2 * * *', 'America/New_York', '2021-03-13T00:00:00Z', '2021-03-15T12:00:00Z'),
      ).toEqual(['2021-03-13T07:30:00.000Z', '2021-03-14T07:00:00.000Z', '2021-03-15T06:30:00.000Z']);
      expect(
        await slotsThrough('0 * * * *', 'America/New_York', '2021-03-14T05:30:00Z', '2021-03-14T08:30:00Z'),
      ).toEqual(['2021-03-14T06:00:00.000Z', '2021-03-14T07:00:00.000Z', '2021-03-14T08:00:00.000Z']);
    });

    it('New York, fall back: 01:30 runs once, hourly runs both 01:00s', async () => {
      expect(
        await slotsThrough('30 1 * * *', 'America/New_York', '2021-11-06T12:00:00Z', '2021-11-08T12:00:00Z'),
      ).toEqual(['2021-11-07T05:30:00.000Z', '2021-11-08T06:30:00.000Z']);
      expect(
        await slotsThrough('0 * * * *', 'America/New_York', '2021-11-07T04:30:00Z', '2021-11-07T07:30:00Z'),
      ).toEqual(['2021-11-07T05:00:00.000Z', '2021-11-07T06:00:00.000Z', '2021-11-07T07:00:00.000Z']);
    });

    it('Lord Howe, a 30-minute shift: half-hourly slots stay 30 real minutes apart', async () => {
      expect(
        await slotsThrough(
          '0,30 * * * *',
          'Australia/Lord_Howe',
          '2021-10-02T14:10:00Z',
          '2021-10-02T16:40:00Z',
        ),
      ).toEqual([
        '2021-10-02T14:30:00.000Z',
        '2021-10-02T15:00:00.000Z',
        '2021-10-02T15:30:00.000Z',
        '2021-10-02T16:00:00.000Z',
        '2021-10-02T16:30:00.000Z',
      ]);
      expect(
        await slotsThrough(
          '0 2 * * *',
          'Australia/Lord_Howe',
          '2021-10-01T00:00:00Z',
          '2021-10-04T00:00:00Z',
        ),
      ).toEqual(['2021-10-01T15:30:00.000Z', '2021-10-02T15:30:00.000Z', '2021-10-03T15:00:00.000Z']);
    });
  });
}
