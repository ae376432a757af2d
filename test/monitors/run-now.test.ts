import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditHolds, usageLog } from '../../lib/db/schema/index.js';
import type { TestAccount } from '../support/harness.js';
import { type MonitorWorld, page, startMonitorWorld, wall } from './support.js';

/**
 * Run-now end to end over HTTP: every page status of docs/reference/monitors.md#checks-and-pages, the check statuses a caller can reach
 * without a clock, and the billing of docs/reference/monitors.md#billing read back from the ledger.
 */

let world: MonitorWorld;
beforeAll(async () => {
  world = await startMonitorWorld();
});
afterAll(() => world.close());

const path = '/api/v1/monitors';

async function as(account: TestAccount, method: string, url: string, body?: unknown) {
  return world.harness.call(method, url, { key: await account.newKey(), body });
}

async function monitorFor(account: TestAccount, body: Record<string, unknown>) {
  const res = await as(account, 'POST', path, { name: 'Shop', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function runNow(account: TestAccount, monitorId: string) {
  const res = await as(account, 'POST', `${path}/${monitorId}/run`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A loopback port nothing listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function ledgerOf(checkId: string) {
  const db = world.harness.services.db;
  const [hold] = await db.select().from(creditHolds).where(eq(creditHolds.requestId, checkId));
  const usage = await db
    .select()
    .from(usageLog)
    .where(and(eq(usageLog.requestId, checkId), eq(usageLog.tool, 'track_changes')));
  return { hold, usage };
}

describe('run-now', () => {
  it('captures new, then unchanged, then changed pages; charges 3 per page through the ledger', async () => {
    const p = `/price-${Date.now()}`;
    world.shop.set(
      p,
      page('Espresso grinder', 'Burr grinder for home baristas.', 'Price: $19.99', 'In stock.'),
    );
    const account = await world.harness.account({ credits: 100 });
    const monitor = await monitorFor(account, { targets: [{ url: world.shop.url(p) }] });

    const first = await runNow(account, monitor.id);
    expect(first).toMatchObject({
      monitor_id: monitor.id,
      status: 'completed',
      trigger: 'manual',
      summary: { total: 1, new: 1, changed: 0, unchanged: 0, blocked: 0, errored: 0 },
      credits_reserved: 3,
      credits_charged: 3,
      error: null,
    });
    expect(first.pages[0]).toMatchObject({
      url: world.shop.url(p),
      selector: null,
      status: 'new',
      change_percent: null,
      structural_similarity: null,
      added_count: null,
      removed_count: null,
      added_samples: [],
      removed_samples: [],
      content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      error_code: null,
      error: null,
      blocked_vendor: null,
      duration_ms: expect.any(Number),
      charged: true,
    });
    expect(await account.balance()).toBe(97);

    const second = await runNow(account, monitor.id);
    expect(second.pages[0]).toMatchObject({
      status: 'unchanged',
      added_count: 0,
      removed_count: 0,
      content_hash: first.pages[0].content_hash,
      charged: true,
    });

    // Same characters, other order: a hash of sorted characters would miss it.
    world.shop.set(
      p,
      page('Espresso grinder', 'Burr grinder for home baristas.', 'Price: $91.99', 'In stock.'),
    );
    const third = await runNow(account, monitor.id);
    expect(third.summary).toMatchObject({ total: 1, changed: 1 });
    expect(third.pages[0]).toMatchObject({
      status: 'changed',
      added_count: 1,
      removed_count: 1,
      added_samples: ['Price: $91.99'],
      removed_samples: ['Price: $19.99'],
      charged: true,
    });
    expect(third.pages[0].content_hash).not.toBe(first.pages[0].content_hash);
    expect(third.pages[0].change_percent).toBe(25);
    expect(third.pages[0].structural_similarity).toBe(1);
    expect(await account.balance()).toBe(91);

    // The baseline rolled forward: the same content again is unchanged.
    const fourth = await runNow(account, monitor.id);
    expect(fourth.pages[0].status).toBe('unchanged');

    const { hold, usage } = await ledgerOf(third.id);
    expect(hold).toMatchObject({ tool: 'track_changes', amount: 3, status: 'committed', charged: 3 });
    expect(usage).toEqual([expect.objectContaining({ credits: 3, outcome: 'success' })]);
  });

  it('reports blocked and error pages uncharged, with vendor and codes, and releases their credits', async () => {
    const stamp = Date.now();
    world.shop.set(`/ok-${stamp}`, page('Fine', 'A readable page.'));
    world.shop.set(`/wall-${stamp}`, wall('cloudflare-challenge'));
    world.shop.set(`/sel-${stamp}`, page('No price here', 'Nothing to match.'));
    world.shop.set(`/gone-${stamp}`, { status: 404, body: '<h1>Not found</h1>' });
    const account = await world.harness.account({ credits: 100 });
    const closed = await closedPort();
    const targets = [
      { url: world.shop.url(`/ok-${stamp}`) },
      { url: world.shop.url(`/wall-${stamp}`) },
      { url: world.shop.url(`/sel-${stamp}`), selector: '#price' },
      { url: world.shop.url(`/private/${stamp}`) },
      { url: world.shop.url(`/gone-${stamp}`) },
      { url: `http://shop.test:${closed}/closed` },
    ];
    const monitor = await monitorFor(account, { targets });
    const check = await runNow(account, monitor.id);
    expect(check.status).toBe('completed');
    expect(check.summary).toEqual({ total: 6, new: 1, changed: 0, unchanged: 0, blocked: 1, errored: 4 });
    expect(check.credits_reserved).toBe(18);
    expect(check.credits_charged).toBe(3);
    const byUrl = Object.fromEntries(check.pages.map((p: { url: string }) => [p.url, p]));
    expect(byUrl[targets[1].url]).toMatchObject({
      status: 'blocked',
      blocked_vendor: 'cloudflare',
      charged: false,
    });
    expect(byUrl[targets[2].url]).toMatchObject({
      status: 'error',
      error_code: 'SELECTOR_NOT_FOUND',
      selector: '#price',
      charged: false,
      content_hash: null,
    });
    expect(byUrl[targets[3].url]).toMatchObject({
      status: 'error',
      error_code: 'ROBOTS_DISALLOWED',
      charged: false,
    });
    expect(byUrl[targets[4].url]).toMatchObject({
      status: 'error',
      error_code: 'UPSTREAM_HTTP',
      error: 'Target answered HTTP 404',
    });
    expect(byUrl[targets[5].url]).toMatchObject({
      status: 'error',
      error_code: expect.stringMatching(/^FETCH_/),
    });
    expect(await account.balance()).toBe(97);
    expect(world.shop.hits(`/private/${stamp}`)).toBe(0);

    // A wall is never a change: the next check of the same wall is blocked again, not changed.
    const again = await runNow(account, monitor.id);
    expect(again.pages[1].status).toBe('blocked');
    expect(again.pages[0].status).toBe('unchanged');
  });

  it('records insufficient_credits, fetches nothing and charges nothing when the balance cannot cover the hold', async () => {
    const p = `/short-${Date.now()}`;
    world.shop.set(p, page('Short', 'Never fetched.'));
    const account = await world.harness.account({ credits: 5 });
    const monitor = await monitorFor(account, {
      targets: [{ url: world.shop.url(p) }, { url: world.shop.url(`${p}-2`) }],
    });
    const check = await runNow(account, monitor.id);
    expect(check).toMatchObject({
      status: 'insufficient_credits',
      credits_reserved: 0,
      credits_charged: 0,
      pages: [],
    });
    expect(check.finished_at).not.toBeNull();
    expect(world.shop.hits(p)).toBe(0);
    expect(await account.balance()).toBe(5);
    const history = await as(account, 'GET', `${path}/${monitor.id}/checks`);
    expect(history.body.data[0]).toMatchObject({ id: check.id, status: 'insufficient_credits' });
  });

  it('answers 409 MONITOR_RUNNING while a check of the monitor runs', async () => {
    const p = `/slow-${Date.now()}`;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    world.shop.set(p, async () => {
      await gate;
      return page('Slow', 'Eventually.');
    });
    const account = await world.harness.account({ credits: 100 });
    const monitor = await monitorFor(account, { targets: [{ url: world.shop.url(p) }] });
    const running = as(account, 'POST', `${path}/${monitor.id}/run`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const history = await as(account, 'GET', `${path}/${monitor.id}/checks`);
    expect(history.body.data[0]).toMatchObject({ status: 'running', finished_at: null, credits_reserved: 3 });
    const listed = await as(account, 'GET', path);
    expect(listed.body.data[0].last_check).toMatchObject({ status: 'running' });
    const refused = await as(account, 'POST', `${path}/${monitor.id}/run`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('MONITOR_RUNNING');
    release();
    const done = await running;
    expect(done.body.data.status).toBe('completed');
    expect(await account.balance()).toBe(97);
  });

  it('lists checks newest first without pages, and returns one check with pages and deliveries', async () => {
    const p = `/history-${Date.now()}`;
    world.shop.set(p, page('History', 'Line one.'));
    const account = await world.harness.account({ credits: 100 });
    const monitor = await monitorFor(account, {
      targets: [{ url: world.shop.url(p) }],
      webhook_url: world.receiver.hook(`history-${Date.now()}`),
    });
    const ids = [(await runNow(account, monitor.id)).id, (await runNow(account, monitor.id)).id];
    const first = await as(account, 'GET', `${path}/${monitor.id}/checks?limit=1`);
    expect(first.body.data.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
    expect(first.body.data[0]).not.toHaveProperty('pages');
    const second = await as(
      account,
      'GET',
      `${path}/${monitor.id}/checks?limit=1&cursor=${first.body.next_cursor}`,
    );
    expect(second.body.data.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    expect(second.body.next_cursor).toBeNull();

    const one = await as(account, 'GET', `${path}/${monitor.id}/checks/${ids[0]}`);
    expect(one.status).toBe(200);
    expect(one.body.data.pages).toHaveLength(1);
    expect(one.body.data.deliveries.map((d: { event: string }) => d.event).sort()).toEqual([
      'monitor.check.completed',
      'monitor.page',
    ]);
    const missing = await as(account, 'GET', `${path}/${monitor.id}/checks/chk_0000000000AAAAAAAAAA`);
    expect(missing.status).toBe(404);

    const listed = await as(account, 'GET', path);
    expect(listed.body.data[0].last_check).toMatchObject({ id: ids[1], status: 'completed' });
    expect(listed.body.data[0].last_check).not.toHaveProperty('pages');
    const newest = await as(account, 'GET', `${path}/${monitor.id}/checks/${ids[1]}`);
    expect(listed.body.data[0].last_check_at).toBe(newest.body.data.started_at);
  });

  it('runs at zero credits only to record insufficient_credits; managing stays free', async () => {
    const account = await world.harness.account({ credits: 0 });
    const monitor = await monitorFor(account, { targets: [{ url: world.shop.url('/anything') }] });
    const check = await runNow(account, monitor.id);
    expect(check.status).toBe('insufficient_credits');
    const paused = await as(account, 'PATCH', `${path}/${monitor.id}`, { status: 'paused' });
    expect(paused.status).toBe(200);
    expect(await account.balance()).toBe(0);
  });
});
