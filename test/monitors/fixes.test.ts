import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../lib/db/schema/index.js';
import { retryLaterFor } from '../../lib/monitors/queue/retry-later.js';
import { startFakeSqs } from './clocked/fake-sqs.js';
import { HOOKS, type MonitorWorld, page, startMonitorWorld } from './support.js';

/** Monitor fixes: https-only webhooks, every invalid field in one 400, the 5-second retry on time. */

let world: MonitorWorld;
beforeAll(async () => {
  world = await startMonitorWorld();
});
afterAll(() => world.close());

const path = '/api/v1/monitors';

async function as(account: { newKey(): Promise<string> }, method: string, url: string, body?: unknown) {
  return world.harness.call(method, url, { key: await account.newKey(), body });
}

function fields(body: { error: { details: Array<{ field: string }> } }): string[] {
  return body.error.details.map((detail) => detail.field);
}

describe('webhook_url', () => {
  it('refuses http, even to a host the fetcher maps to a test receiver, and takes https', async () => {
    const account = await world.harness.account({ credits: 0 });
    const hook = world.receiver.hook('scheme');
    const plain = hook.replace('https://', 'http://');
    const target = { url: world.shop.url('/scheme') };
    const refused = await as(account, 'POST', path, { name: 'Plain', targets: [target], webhook_url: plain });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    expect(fields(refused.body)).toEqual(['webhook_url']);
    const created = await as(account, 'POST', path, { name: 'Tls', targets: [target], webhook_url: hook });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const patched = await as(account, 'PATCH', `${path}/${created.body.data.id}`, { webhook_url: plain });
    expect(patched.status).toBe(400);
    expect(fields(patched.body)).toEqual(['webhook_url']);
  });
});

describe('one 400 names every invalid field', () => {
  it('on create: url, cron, time zone, email and retention in the first answer', async () => {
    const account = await world.harness.account({ credits: 0 });
    const res = await as(account, 'POST', path, {
      name: 'Everything wrong',
      targets: [{ url: 'not a url' }],
      schedule_cron: '* * * * *',
      timezone: 'Mars/Olympus_Mons',
      notify_emails: ['not-an-email'],
      retention_days: 0,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(fields(res.body).sort()).toEqual(
      ['notify_emails.0', 'retention_days', 'schedule_cron', 'targets.0.url', 'timezone'].sort(),
    );
    expect(res.body.error.message).toContain('5 minutes apart');
  });

  it('on create with a valid shape: both a bad cron and a bad zone are named', async () => {
    const account = await world.harness.account({ credits: 0 });
    const res = await as(account, 'POST', path, {
      name: 'Schedule only',
      targets: [{ url: world.shop.url('/schedule-only') }],
      schedule_cron: '*/2 * * * *',
      timezone: 'Mars/Olympus_Mons',
    });
    expect(res.status).toBe(400);
    expect(fields(res.body).sort()).toEqual(['schedule_cron', 'timezone']);
  });

  it("on update: a bad cron is judged in the monitor's own zone beside the other bad fields", async () => {
    const account = await world.harness.account({ credits: 0 });
    const created = await as(account, 'POST', path, {
      name: 'Patched',
      targets: [{ url: world.shop.url('/patched') }],
      timezone: 'Europe/Paris',
    });
    const res = await as(account, 'PATCH', `${path}/${created.body.data.id}`, {
      schedule_cron: '0,3 * * * *',
      notify_emails: ['nope'],
      retention_days: 400,
    });
    expect(res.status).toBe(400);
    expect(fields(res.body).sort()).toEqual(['notify_emails.0', 'retention_days', 'schedule_cron']);
    const unknown = await as(account, 'PATCH', `${path}/mon_00000000000000000000`, { retention_days: 0 });
    expect(unknown.status).toBe(400);
  });
});

describe('the first webhook retry', () => {
  it('comes about 5 s after a failed run-now delivery, from a timer, not at the next sweep', async () => {
    const account = await world.harness.account({ credits: 100 });
    const stamp = Date.now();
    world.shop.set(`/retry-${stamp}`, page('Retry', 'Once.'));
    const created = await as(account, 'POST', path, {
      name: 'Retry',
      targets: [{ url: world.shop.url(`/retry-${stamp}`) }],
      webhook_url: world.receiver.hook(`retry-${stamp}`),
    });
    world.receiver.trust(`retry-${stamp}`, created.body.data.webhook_secret);
    world.receiver.fail(503);
    const failedAt = Date.now();
    const run = await as(account, 'POST', `${path}/${created.body.data.id}/run`);
    expect(run.status).toBe(200);
    world.receiver.recover();
    const { db } = world.harness.services;
    let rows = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.checkId, run.body.data.id));
    expect(rows.map((row) => row.status)).toEqual(['retrying', 'retrying']);
    while (Date.now() - failedAt < 15_000 && rows.some((row) => row.status !== 'delivered')) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.checkId, run.body.data.id));
    }
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 2],
    ]);
    const deliveredAfter = Math.max(...rows.map((row) => row.deliveredAt!.getTime())) - failedAt;
    expect(deliveredAfter).toBeGreaterThanOrEqual(5_000);
    expect(deliveredAfter).toBeLessThan(12_000);
    const events = world.receiver.events(`retry-${stamp}`);
    // The two retries go out at once: either may arrive first.
    expect(events.map((event) => [event.type, event.verified]).sort()).toEqual([
      ['monitor.check.completed', true],
      ['monitor.page', true],
    ]);
    expect(events[0].headers.host).toContain(HOOKS);
  }, 30_000);

  it('on AWS is a deliver job on the check queue with a 5-second delivery delay', async () => {
    const sqs = await startFakeSqs();
    try {
      const { db, config } = world.harness.services;
      const later = retryLaterFor(
        { MONITOR_QUEUE_URL: `${sqs.endpoint}/000000000000/checks` },
        { db, send: { config }, now: () => new Date() },
      );
      // The SDK sends to the queue URL's own host (as with a local SQS such as ElasticMQ).
      process.env.AWS_ACCESS_KEY_ID ??= 'AKIDEXAMPLE';
      process.env.AWS_SECRET_ACCESS_KEY ??= 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
      process.env.AWS_REGION ??= 'us-east-1';
      await later(['msg_01'], 4_200);
      expect(sqs.sent).toEqual([{ body: { type: 'deliver', delivery_ids: ['msg_01'] }, delaySeconds: 5 }]);
    } finally {
      await sqs.server.close();
    }
  });
});
