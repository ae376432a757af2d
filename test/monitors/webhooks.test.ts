import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../lib/db/schema/index.js';
import { setHostResolverForTests } from '../../lib/fetch/guarded-agent.js';
import { runCheck } from '../../lib/monitors/check/run-check.js';
import { MAX_ATTEMPTS, retryDelayMs } from '../../lib/webhooks/retry-policy.js';
import type { TestAccount } from '../support/harness.js';
import {
  clockedRuntime,
  confirmEmails,
  type MonitorWorld,
  monitorMaker,
  page,
  recordingMailer,
  startMonitorWorld,
} from './support.js';

/**
 * Signed deliveries to a receiver on loopback that verifies every one with the `standardwebhooks`
 * package, fails on demand, and comes back. Retries are driven by the sweeper on a past clock (see
 * sweeper.test.ts for why past); signatures always carry the real time, which receivers check.
 */

let world: MonitorWorld;
let monitorsMade: ReturnType<typeof monitorMaker>;
beforeAll(async () => {
  world = await startMonitorWorld();
  monitorsMade = monitorMaker(world, 'Hooked');
});
afterEach(async () => {
  world.receiver.recover();
  await monitorsMade.removeAll();
});
afterAll(() => world.close());

const makeMonitor = (account: TestAccount, input: Record<string, unknown>, at: Date) =>
  monitorsMade.make(account, input, at);

async function deliveriesOf(monitorId: string) {
  return world.harness.services.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.monitorId, monitorId))
    .orderBy(webhookDeliveries.id);
}

describe('webhook deliveries', () => {
  it('sends monitor.page per page and monitor.check.completed per check, verified with standardwebhooks', async () => {
    const stamp = Date.now();
    world.shop.set(`/a-${stamp}`, page('A', 'Alpha.'));
    world.shop.set(`/b-${stamp}`, page('B', 'Beta.'));
    const hook = `signed-${stamp}`;
    const { rt } = clockedRuntime(world, new Date());
    const account = await world.harness.account({ credits: 100 });
    const monitor = await makeMonitor(
      account,
      {
        targets: [
          { url: world.shop.url(`/a-${stamp}`) },
          { url: world.shop.url(`/b-${stamp}`), selector: 'h1' },
        ],
        webhook_url: world.receiver.hook(hook),
      },
      new Date(),
    );
    world.receiver.trust(hook, monitor.webhook_secret!);
    const check = await runCheck(rt, {
      trigger: 'manual',
      monitorId: monitor.id,
      accountId: account.accountId,
    });

    const events = world.receiver.events(hook);
    expect(events).toHaveLength(3);
    expect(events.every((event) => event.verified)).toBe(true);
    const pages = events.filter((event) => event.type === 'monitor.page');
    expect(pages.map((event) => event.data.page.url).sort()).toEqual(
      [world.shop.url(`/a-${stamp}`), world.shop.url(`/b-${stamp}`)].sort(),
    );
    expect(pages[0].data).toMatchObject({
      monitor_id: monitor.id,
      monitor_name: 'Hooked',
      check_id: check!.id,
    });
    expect(pages[0].data.page).toMatchObject({ status: 'new', charged: true });
    const completed = events.find((event) => event.type === 'monitor.check.completed')!;
    expect(completed.data.check).toMatchObject({
      id: check!.id,
      status: 'completed',
      summary: { total: 2, new: 2 },
      credits_charged: 6,
    });
    expect(completed.headers['webhook-id']).toMatch(/^msg_/);
    expect(completed.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(completed.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);

    const log = await deliveriesOf(monitor.id);
    expect(log).toHaveLength(3);
    for (const delivery of log) {
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, httpStatus: 204, error: null });
      expect(delivery.deliveredAt).toBeInstanceOf(Date);
    }
  });

  it('signs with a secret of the caller’s own, verified as a raw key', async () => {
    const stamp = Date.now();
    world.shop.set(`/raw-${stamp}`, page('Raw', 'Key.'));
    const hook = `raw-${stamp}`;
    const secret = 'plain text secret, 32 characters';
    const { rt } = clockedRuntime(world, new Date());
    const account = await world.harness.account({ credits: 100 });
    const monitor = await makeMonitor(
      account,
      {
        targets: [{ url: world.shop.url(`/raw-${stamp}`) }],
        webhook_url: world.receiver.hook(hook, secret),
        webhook_secret: secret,
      },
      new Date(),
    );
    await runCheck(rt, { trigger: 'manual', monitorId: monitor.id, accountId: account.accountId });
    expect(world.receiver.events(hook).map((event) => event.verified)).toEqual([true, true]);
  });

  it('waits out the 5-second retry inside the worker when its window allows', async () => {
    const stamp = Date.now();
    world.shop.set(`/inline-${stamp}`, page('Inline', 'Retry.'));
    const hook = `inline-${stamp}`;
    const waits: number[] = [];
    // The worker's wait, recorded instead of slept: the receiver is back by then.
    const sleep = async (ms: number) => {
      waits.push(ms);
      world.receiver.recover();
    };
    const { rt } = clockedRuntime(world, new Date(), { inlineRetryWindowMs: 6_000, sleep });
    const account = await world.harness.account({ credits: 100 });
    const monitor = await makeMonitor(
      account,
      { targets: [{ url: world.shop.url(`/inline-${stamp}`) }], webhook_url: world.receiver.hook(hook) },
      new Date(),
    );
    world.receiver.trust(hook, monitor.webhook_secret!);
    world.receiver.fail(500);
    await runCheck(rt, { trigger: 'manual', monitorId: monitor.id, accountId: account.accountId });
    const log = await deliveriesOf(monitor.id);
    expect(log.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 2],
    ]);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(4_000);
    expect(waits[0]).toBeLessThanOrEqual(5_000);
  });

  it('refuses at delivery a webhook whose name now resolves to a private address', async () => {
    const stamp = Date.now();
    world.shop.set(`/rebind-${stamp}`, page('Rebind', 'DNS.'));
    let address = '93.184.215.14';
    setHostResolverForTests(async () => [{ address, family: 4 }]);
    try {
      const { rt } = clockedRuntime(world, new Date());
      const account = await world.harness.account({ credits: 100 });
      const monitor = await makeMonitor(
        account,
        {
          targets: [{ url: world.shop.url(`/rebind-${stamp}`) }],
          webhook_url: 'https://hooks.example.org/in',
        },
        new Date(),
      );
      address = '10.0.0.5';
      await runCheck(rt, { trigger: 'manual', monitorId: monitor.id, accountId: account.accountId });
      const log = await deliveriesOf(monitor.id);
      expect(log[0]).toMatchObject({
        status: 'retrying',
        httpStatus: null,
        error: expect.stringContaining('not a public address'),
      });
    } finally {
      setHostResolverForTests(null);
    }
  });

  it('emails notify_emails on a change and when a target starts failing, not while it stays down', async () => {
    const stamp = Date.now();
    const p = `/mail-${stamp}`;
    world.shop.set(p, page('Mail', 'Price: $10.', 'Stock: 4'));
    const mailer = recordingMailer();
    const { rt } = clockedRuntime(world, new Date(), { mailer });
    const account = await world.harness.account({ credits: 100 });
    const monitor = await makeMonitor(
      account,
      {
        name: 'Mailed',
        targets: [{ url: world.shop.url(p) }, { url: world.shop.url(`/mail-missing-${stamp}`) }],
        notify_emails: ['ops@example.com', 'cto@example.com'],
      },
      new Date(),
    );
    await confirmEmails(world, monitor.id, ['ops@example.com', 'cto@example.com']);
    const run = () =>
      runCheck(rt, { trigger: 'manual', monitorId: monitor.id, accountId: account.accountId });
    await run();
    // First check: one page new (no email for that), one failing from the start; a copy for each address.
    expect(mailer.sent.map((mail) => mail.to)).toEqual([['ops@example.com'], ['cto@example.com']]);
    expect(mailer.sent[0].subject).toBe('[Mailed] 1 failing');
    expect(mailer.sent[0].text).toContain('FAILING (UPSTREAM_HTTP)');
    await run();
    expect(mailer.sent).toHaveLength(2);
    world.shop.set(p, page('Mail', 'Price: $12.', 'Stock: 4'));
    await run();
    expect(mailer.sent).toHaveLength(4);
    expect(mailer.sent[2].subject).toBe('[Mailed] 1 changed');
    expect(mailer.sent[2].text).toContain(`CHANGED ${world.shop.url(p)}`);
    expect(mailer.sent[2].text).toContain('+ Price: $12.');
    expect(mailer.sent[2].text).toContain('- Price: $10.');
  });
});

describe('a dead endpoint', () => {
  it('stops queueing retries for a monitor once 100 of its deliveries wait for one', async () => {
    const stamp = Date.now();
    world.shop.set(`/pile-${stamp}`, page('Pile', 'Up.'));
    const { rt } = clockedRuntime(world, new Date());
    const account = await world.harness.account({ credits: 100 });
    const monitor = await makeMonitor(
      account,
      {
        targets: [{ url: world.shop.url(`/pile-${stamp}`) }],
        webhook_url: world.receiver.hook(`pile-${stamp}`),
      },
      new Date(),
    );
    world.receiver.fail(500);
    const first = await runCheck(rt, {
      trigger: 'manual',
      monitorId: monitor.id,
      accountId: account.accountId,
    });
    const { db } = world.harness.services;
    const waiting = Array.from({ length: 100 }, (_, i) => ({
      id: `msg_PILE${String(i).padStart(16, '0')}`,
      checkId: first!.id,
      monitorId: monitor.id,
      accountId: account.accountId,
      event: 'monitor.page',
      url: world.receiver.hook(`pile-${stamp}`),
      payload: '{}',
      status: 'retrying',
      attempts: 1,
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    }));
    await db.insert(webhookDeliveries).values(waiting);
    const second = await runCheck(rt, {
      trigger: 'manual',
      monitorId: monitor.id,
      accountId: account.accountId,
    });
    const fresh = (await deliveriesOf(monitor.id)).filter((delivery) => delivery.checkId === second!.id);
    expect(fresh).toHaveLength(2);
    for (const delivery of fresh) {
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
      expect(delivery.error).toContain('not retried');
    }
  });
});

describe('the retry schedule', () => {
  it('is Svix-like: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h with ±10 % jitter on the long waits, then nothing', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(5_000);
    expect(retryDelayMs(2, () => 0.5)).toBe(300_000);
    expect(retryDelayMs(2, () => 0)).toBe(270_000);
    expect(retryDelayMs(2, () => 1)).toBe(330_000);
    expect(retryDelayMs(6, () => 0.5)).toBe(36_000_000);
    expect(retryDelayMs(7)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(7);
  });
});
