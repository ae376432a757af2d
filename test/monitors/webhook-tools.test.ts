import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../support/harness.js';
import { type MonitorWorld, page, startMonitorWorld } from './support.js';

/** Webhooks users can test: test-webhook and redeliver, free, signed, in /openapi.json. */

let world: MonitorWorld;
beforeAll(async () => {
  world = await startMonitorWorld();
});
afterAll(() => world.close());

const path = '/api/v1/monitors';

async function as(account: TestAccount, method: string, url: string, body?: unknown) {
  return world.harness.call(method, url, { key: await account.newKey(), body });
}

async function hookedMonitor(account: TestAccount, hook: string, target: string) {
  const res = await as(account, 'POST', path, {
    name: 'Hooked',
    targets: [{ url: world.shop.url(target) }],
    webhook_url: world.receiver.hook(hook),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  world.receiver.trust(hook, res.body.data.webhook_secret);
  return res.body.data;
}

describe('POST /monitors/{id}/test-webhook', () => {
  it('sends a signed monitor.test event now and answers the attempt; free', async () => {
    const account = await world.harness.account({ credits: 10 });
    const hook = `test-${Date.now()}`;
    const monitor = await hookedMonitor(account, hook, '/tested');
    const res = await as(account, 'POST', `${path}/${monitor.id}/test-webhook`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: expect.stringMatching(/^msg_/),
      event: 'monitor.test',
      url: monitor.webhook_url,
      status: 'delivered',
      http_status: 204,
      error: null,
      duration_ms: expect.any(Number),
    });
    const [event] = world.receiver.events(hook);
    expect(event).toMatchObject({ type: 'monitor.test', verified: true, data: { monitor_id: monitor.id } });
    expect(event.headers['webhook-id']).toBe(res.body.data.id);
    world.receiver.fail(500);
    const failed = await as(account, 'POST', `${path}/${monitor.id}/test-webhook`);
    world.receiver.recover();
    expect(failed.body.data).toMatchObject({ status: 'failed', http_status: 500 });
    expect(failed.body.data.error).toContain('HTTP 500');
    expect(await account.balance()).toBe(10);
  });

  it('answers 400 without a webhook_url and 404 for an unknown monitor', async () => {
    const account = await world.harness.account({ credits: 0 });
    const bare = await as(account, 'POST', path, {
      name: 'Bare',
      targets: [{ url: world.shop.url('/bare') }],
    });
    const res = await as(account, 'POST', `${path}/${bare.body.data.id}/test-webhook`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'webhook_url' }] });
    const unknown = await as(account, 'POST', `${path}/mon_00000000000000000000/test-webhook`);
    expect(unknown.status).toBe(404);
  });
});

describe('POST /monitors/{id}/checks/{check_id}/deliveries/{delivery_id}/redeliver', () => {
  it('sends the same body under a new webhook-id and logs it on the check as a new delivery', async () => {
    const account = await world.harness.account({ credits: 10 });
    const stamp = Date.now();
    world.shop.set(`/replayed-${stamp}`, page('Replayed', 'Once.'));
    const hook = `replay-${stamp}`;
    const monitor = await hookedMonitor(account, hook, `/replayed-${stamp}`);
    const run = await as(account, 'POST', `${path}/${monitor.id}/run`);
    const before = await as(account, 'GET', `${path}/${monitor.id}/checks/${run.body.data.id}`);
    const original = before.body.data.deliveries.find((d: { event: string }) => d.event === 'monitor.page');
    const res = await as(
      account,
      'POST',
      `${path}/${monitor.id}/checks/${run.body.data.id}/deliveries/${original.id}/redeliver`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      event: 'monitor.page',
      status: 'delivered',
      attempts: 1,
      http_status: 204,
    });
    expect(res.body.data.id).not.toBe(original.id);
    const pages = world.receiver.events(hook).filter((event) => event.type === 'monitor.page');
    expect(pages).toHaveLength(2);
    expect(pages[1].data).toEqual(pages[0].data);
    expect(pages[1].verified).toBe(true);
    expect(pages[1].headers['webhook-id']).toBe(res.body.data.id);
    const after = await as(account, 'GET', `${path}/${monitor.id}/checks/${run.body.data.id}`);
    expect(after.body.data.deliveries).toHaveLength(before.body.data.deliveries.length + 1);
    expect(await account.balance()).toBe(7);
    const missing = await as(
      account,
      'POST',
      `${path}/${monitor.id}/checks/${run.body.data.id}/deliveries/msg_00000000000000000000/redeliver`,
    );
    expect(missing.status).toBe(404);
  });

  it('is in /openapi.json beside test-webhook', async () => {
    const res = await world.harness.call('GET', '/openapi.json', {});
    const paths = Object.keys(res.body.paths);
    expect(paths).toContain('/api/v1/monitors/{id}/test-webhook');
    expect(paths).toContain('/api/v1/monitors/{id}/checks/{check_id}/deliveries/{delivery_id}/redeliver');
  });
});
