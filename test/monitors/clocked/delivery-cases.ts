import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { monitors } from '../../../lib/db/schema/index.js';
import { runCheck } from '../../../lib/monitors/check/run-check.js';
import { sweep } from '../../../lib/monitors/schedule/sweeper.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../../lib/webhooks/retry-policy.js';
import { clockedRuntime, page } from '../support.js';
import type { ClockedContext } from './context.js';

/** Webhook retries handed out by the sweeper as the clock reaches them, until delivered or given up. */
export function deliveryCases(ctx: ClockedContext): void {
  describe('webhook retries through the sweeper', () => {
    it('retries a failing receiver on the schedule (5 s in process, then the sweeper) until it answers 2xx', async () => {
      const stamp = Date.now();
      ctx.world.shop.set(`/retry-${stamp}`, page('Retry', 'Again.'));
      const hook = `retry-${stamp}`;
      const start = new Date('2022-01-05T10:00:00Z');
      const { clock, rt, queue } = clockedRuntime(ctx.world, start, { inlineRetryWindowMs: 0 });
      const account = await ctx.world.harness.account({ credits: 100 });
      const monitor = await ctx.makeMonitor(
        account,
        {
          targets: [{ url: ctx.world.shop.url(`/retry-${stamp}`) }],
          webhook_url: ctx.world.receiver.hook(hook),
        },
        start,
      );
      ctx.world.receiver.trust(hook, monitor.webhook_secret!);
      ctx.world.receiver.fail(503);
      await runCheck(rt, { trigger: 'manual', monitorId: monitor.id, accountId: account.accountId });
      let log = await ctx.deliveriesOf(monitor.id);
      expect(log).toHaveLength(2);
      for (const delivery of log) {
        expect(delivery).toMatchObject({
          status: 'retrying',
          attempts: 1,
          httpStatus: 503,
          error: expect.stringContaining('HTTP 503'),
          deliveredAt: null,
        });
        expect(delivery.nextAttemptAt?.toISOString()).toBe('2022-01-05T10:00:05.000Z');
      }

      // Second attempt (5 s) still fails; the third waits 5 minutes (±10 %).
      clock.advance(6_000);
      expect((await sweep(rt, queue)).deliveriesQueued).toBe(2);
      await queue.runPending();
      log = await ctx.deliveriesOf(monitor.id);
      expect(log.map((delivery) => delivery.attempts)).toEqual([2, 2]);
      const wait = log[0].nextAttemptAt!.getTime() - clock.now().getTime();
      expect(wait).toBeGreaterThanOrEqual(270_000);
      expect(wait).toBeLessThanOrEqual(330_000);

      ctx.world.receiver.recover();
      clock.advance(4 * 60_000);
      expect((await sweep(rt, queue)).deliveriesQueued).toBe(0);
      clock.advance(2 * 60_000);
      await sweep(rt, queue);
      await queue.runPending();
      log = await ctx.deliveriesOf(monitor.id);
      expect(log.map((delivery) => [delivery.status, delivery.attempts, delivery.httpStatus])).toEqual([
        ['delivered', 3, 204],
        ['delivered', 3, 204],
      ]);
      expect(ctx.world.receiver.events(hook).every((event) => event.verified)).toBe(true);

      const res = await ctx.world.harness.call(
        'GET',
        `/api/v1/monitors/${monitor.id}/checks/${log[0].checkId}`,
        {
          key: account.key,
        },
      );
      expect(res.body.data.deliveries[0]).toMatchObject({
        event: expect.stringMatching(/^monitor\./),
        url: ctx.world.receiver.hook(hook),
        attempts: 3,
        status: 'delivered',
        http_status: 204,
        error: null,
        delivered_at: expect.any(String),
      });
    });

    it('gives up after the last attempt of the schedule', async () => {
      const stamp = Date.now();
      ctx.world.shop.set(`/dead-${stamp}`, page('Dead', 'Endpoint.'));
      const start = new Date('2022-02-01T00:00:00Z');
      const { clock, rt, queue } = clockedRuntime(ctx.world, start);
      const account = await ctx.world.harness.account({ credits: 100 });
      const monitor = await ctx.makeMonitor(
        account,
        {
          targets: [{ url: ctx.world.shop.url(`/dead-${stamp}`) }],
          webhook_url: ctx.world.receiver.hook(`dead-${stamp}`),
        },
        start,
      );
      await ctx.world.harness.services.db
        .update(monitors)
        .set({ status: 'paused', nextRunAt: null })
        .where(eq(monitors.id, monitor.id));
      ctx.world.receiver.fail(410);
      await runCheck(rt, { trigger: 'manual', monitorId: monitor.id, accountId: account.accountId });
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
        clock.advance(RETRY_DELAYS_MS[attempt - 1] * 1.2);
        await sweep(rt, queue);
        await queue.runPending();
      }
      const log = await ctx.deliveriesOf(monitor.id);
      expect(log.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
        ['failed', MAX_ATTEMPTS],
        ['failed', MAX_ATTEMPTS],
      ]);
      expect(log[0].nextAttemptAt).toBeNull();
      clock.advance(24 * 3_600_000);
      expect((await sweep(rt, queue)).deliveriesQueued).toBe(0);
    }, 30_000);
  });
}
