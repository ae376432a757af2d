import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits } from '../../lib/auth/accounts.js';
import { webhookDeliveries } from '../../lib/db/schema/index.js';
import { getMonitor } from '../../lib/monitors/api/monitors.js';
import { runCheck } from '../../lib/monitors/check/run-check.js';
import type { TestAccount } from '../support/harness.js';
import {
  clockedRuntime,
  confirmEmails,
  HOUR,
  MINUTE,
  type MonitorWorld,
  monitorMaker,
  page,
  recordingMailer,
  startMonitorWorld,
} from './support.js';

/**
 * Failures that speak up, and #25 item 7: failing streaks that send one alert each and a recovery, `health` on
 * reads, hourly backoff of targets that keep failing, and one insufficient_credits event per streak.
 */

let world: MonitorWorld;
let monitorsMade: ReturnType<typeof monitorMaker>;
beforeAll(async () => {
  world = await startMonitorWorld();
  monitorsMade = monitorMaker(world, 'Watched', { trustSecret: true });
});
afterEach(async () => {
  world.receiver.recover();
  await monitorsMade.removeAll();
});
afterAll(() => world.close());

const makeMonitor = (account: TestAccount, input: Record<string, unknown>, at: Date) =>
  monitorsMade.make(account, input, at);

function readMonitor(account: TestAccount, id: string) {
  const { db } = world.harness.services;
  return getMonitor({ ctx: { db, accountId: account.accountId }, input: { id } });
}

describe('alert_after_failures', () => {
  it('sends one failing event per streak (webhook and email), then recovered, and shows health', async () => {
    const stamp = Date.now();
    const p = `/flaky-${stamp}`;
    world.shop.set(p, page('Flaky', 'Up.'));
    const mailer = recordingMailer();
    const { rt, clock } = clockedRuntime(world, new Date(), { mailer });
    const account = await world.harness.account({ credits: 1000 });
    const hook = `alerts-${stamp}`;
    const monitor = await makeMonitor(
      account,
      {
        targets: [{ url: world.shop.url(p) }],
        alert_after_failures: 3,
        notify_emails: ['ops@example.com'],
        webhook_url: world.receiver.hook(hook),
      },
      clock.now(),
    );
    world.receiver.trust(hook, monitor.webhook_secret!);
    await confirmEmails(world, monitor.id, ['ops@example.com']);
    expect(monitor.alert_after_failures).toBe(3);
    const run = async () => {
      clock.advance(10 * MINUTE);
      return runCheck(rt, { trigger: 'manual', monitorId: monitor.id, accountId: account.accountId });
    };
    const types = () => world.receiver.events(hook).map((event) => event.type);
    await run();
    expect((await readMonitor(account, monitor.id)).health).toMatchObject({ status: 'ok' });
    world.shop.set(p, { status: 500, body: 'down' });
    const firstFailure = await run();
    await run();
    let read = await readMonitor(account, monitor.id);
    // Two failures of three: not yet a failing streak for this monitor, but counted.
    expect(read.health).toEqual({
      status: 'ok',
      targets: [
        {
          url: world.shop.url(p),
          selector: null,
          consecutive_failures: 2,
          failing_since: firstFailure!.finishedAt!.toISOString(),
          error_code: 'UPSTREAM_HTTP',
        },
      ],
    });
    expect(types()).not.toContain('monitor.target.failing');
    await run();
    await run();
    await run();
    expect(types().filter((type) => type === 'monitor.target.failing')).toHaveLength(1);
    const failing = world.receiver.events(hook).find((event) => event.type === 'monitor.target.failing')!;
    expect(failing.verified).toBe(true);
    expect(failing.data).toMatchObject({
      monitor_id: monitor.id,
      target: { url: world.shop.url(p), selector: null },
      consecutive_failures: 3,
      failing_since: firstFailure!.finishedAt!.toISOString(),
      error_code: 'UPSTREAM_HTTP',
    });
    const alertMails = mailer.sent.filter((mail) => mail.subject.includes('target failing'));
    expect(alertMails).toHaveLength(1);
    expect(alertMails[0].text).toContain('failed 3 checks in a row');
    // With alerts on, the first failure does not also send the change email's "failing" section.
    expect(mailer.sent.filter((mail) => mail.subject.endsWith('1 failing'))).toHaveLength(0);
    read = await readMonitor(account, monitor.id);
    expect(read.health?.status).toBe('failing');
    expect(read.health?.targets[0].consecutive_failures).toBe(5);
    world.shop.set(p, page('Flaky', 'Up again.'));
    await run();
    expect(types().filter((type) => type === 'monitor.target.recovered')).toHaveLength(1);
    expect(mailer.sent.filter((mail) => mail.subject.includes('target recovered'))).toHaveLength(1);
    read = await readMonitor(account, monitor.id);
    expect(read.health).toMatchObject({
      status: 'ok',
      targets: [{ consecutive_failures: 0, failing_since: null }],
    });
    // A monitor without the field: no alert events at all, as before.
    expect(types().filter((type) => type.startsWith('monitor.target.'))).toHaveLength(2);
  });

  it('shows webhook_failing when the newest settled delivery gave up', async () => {
    const stamp = Date.now();
    world.shop.set(`/quiet-${stamp}`, page('Quiet', 'Fine.'));
    const { rt, clock } = clockedRuntime(world, new Date());
    const account = await world.harness.account({ credits: 100 });
    const monitor = await makeMonitor(
      account,
      {
        targets: [{ url: world.shop.url(`/quiet-${stamp}`) }],
        webhook_url: world.receiver.hook(`gone-${stamp}`),
      },
      clock.now(),
    );
    const check = await runCheck(rt, {
      trigger: 'manual',
      monitorId: monitor.id,
      accountId: account.accountId,
    });
    const { db } = world.harness.services;
    expect((await readMonitor(account, monitor.id)).health?.status).toBe('ok');
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', attempts: 7, nextAttemptAt: null })
      .where(eq(webhookDeliveries.checkId, check!.id));
    expect((await readMonitor(account, monitor.id)).health?.status).toBe('webhook_failing');
    const list = await world.harness.call('GET', '/api/v1/monitors', { key: await account.newKey() });
    expect(list.body.data[0].health.status).toBe('webhook_failing');
  });

  it('refuses values outside 1 to 20 and clears with null', async () => {
    const account = await world.harness.account({ credits: 0 });
    const key = await account.newKey();
    for (const value of [0, 21, 2.5]) {
      const res = await world.harness.call('POST', '/api/v1/monitors', {
        key,
        body: { name: 'x', targets: [{ url: world.shop.url('/x') }], alert_after_failures: value },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toBe('alert_after_failures');
    }
    const made = await world.harness.call('POST', '/api/v1/monitors', {
      key,
      body: { name: 'x', targets: [{ url: world.shop.url('/x') }], alert_after_failures: 2 },
    });
    monitorsMade.track(made.body.data.id);
    const cleared = await world.harness.call('PATCH', `/api/v1/monitors/${made.body.data.id}`, {
      key,
      body: { alert_after_failures: null },
    });
    expect(cleared.body.data.alert_after_failures).toBeNull();
  });
});

describe('a target that keeps failing', () => {
  it('is fetched at most hourly after six failures in a row, until it recovers, and is never charged', async () => {
    const stamp = Date.now();
    const p = `/dead-${stamp}`;
    const { rt, clock } = clockedRuntime(world, new Date());
    const account = await world.harness.account({ credits: 1000 });
    const monitor = await makeMonitor(account, { targets: [{ url: world.shop.url(p) }] }, clock.now());
    const run = async () => {
      clock.advance(5 * MINUTE);
      return runCheck(rt, { trigger: 'manual', monitorId: monitor.id, accountId: account.accountId });
    };
    for (let i = 0; i < 6; i += 1) await run();
    expect(world.shop.hits(p)).toBe(6);
    // The next eleven checks in the hour fetch nothing; each reports the streak's error, uncharged.
    for (let i = 0; i < 11; i += 1) {
      const check = await run();
      expect(check!.pages[0]).toMatchObject({ status: 'error', error_code: 'UPSTREAM_HTTP', charged: false });
      expect(check!.pages[0].error).toContain('tried at most hourly');
    }
    expect(world.shop.hits(p)).toBe(6);
    await run();
    expect(world.shop.hits(p)).toBe(7);
    world.shop.set(p, page('Back', 'Alive.'));
    clock.advance(HOUR);
    const back = await run();
    expect(back!.pages[0].status).toBe('new');
    await run();
    expect(world.shop.hits(p)).toBe(9);
  });
});

describe('insufficient_credits', () => {
  it('announces the first check of a streak only, and again after the balance came back', async () => {
    const stamp = Date.now();
    world.shop.set(`/broke-${stamp}`, page('Broke', 'Fine.'));
    const mailer = recordingMailer();
    const { rt, clock } = clockedRuntime(world, new Date(), { mailer });
    const account = await world.harness.account({ credits: 0 });
    const hook = `broke-${stamp}`;
    const monitor = await makeMonitor(
      account,
      { targets: [{ url: world.shop.url(`/broke-${stamp}`) }], webhook_url: world.receiver.hook(hook) },
      clock.now(),
    );
    world.receiver.trust(hook, monitor.webhook_secret!);
    const run = async () => {
      clock.advance(5 * MINUTE);
      return runCheck(rt, { trigger: 'manual', monitorId: monitor.id, accountId: account.accountId });
    };
    const statuses: string[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await run())!.status);
    expect(statuses).toEqual(['insufficient_credits', 'insufficient_credits', 'insufficient_credits']);
    const completed = () =>
      world.receiver
        .events(hook)
        .filter((event) => event.type === 'monitor.check.completed')
        .map((event) => event.data.check.status);
    expect(completed()).toEqual(['insufficient_credits']);
    // Enough for one check of its one target, which spends it all.
    await grantCredits(world.harness.services.db, account.accountId, 3);
    expect((await run())!.status).toBe('completed');
    expect(await account.balance()).toBe(0);
    await run();
    await run();
    expect(completed()).toEqual(['insufficient_credits', 'completed', 'insufficient_credits']);
  });
});
