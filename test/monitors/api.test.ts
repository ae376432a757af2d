import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setHostResolverForTests } from '../../lib/fetch/guarded-agent.js';
import type { TestAccount } from '../support/harness.js';
import { type MonitorWorld, SHOP, startMonitorWorld } from './support.js';

let world: MonitorWorld;
beforeAll(async () => {
  world = await startMonitorWorld();
});
afterAll(() => world.close());

const path = '/api/v1/monitors';

function call(method: string, url: string, key: string | undefined, body?: unknown) {
  return world.harness.call(method, url, { key, body });
}

/** A fresh key of the same account for every call: these tests make more calls than a plan's rate. */
async function as(account: TestAccount, method: string, url: string, body?: unknown) {
  return call(method, url, await account.newKey(), body);
}

async function create(account: TestAccount, body: Record<string, unknown>) {
  const res = await as(account, 'POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const target = () => ({ url: world.shop.url('/pricing') });

describe('POST /monitors', () => {
  it('creates a monitor from name and targets alone, with every default of docs/reference/monitors.md#a-monitor', async () => {
    const account = await world.harness.account({ credits: 0 });
    const before = Date.now();
    const monitor = await create(account, { name: 'Pricing', targets: [target()] });
    expect(monitor).toMatchObject({
      id: expect.stringMatching(/^mon_/),
      name: 'Pricing',
      targets: [target()],
      schedule_cron: '0 * * * *',
      timezone: 'UTC',
      notify_emails: [],
      webhook_url: null,
      webhook_secret: null,
      retention_days: 30,
      status: 'active',
      last_check_at: null,
      estimated_credits_per_month: 2160,
    });
    const next = new Date(monitor.next_run_at).getTime();
    expect(next % 3_600_000).toBe(0);
    expect(next).toBeGreaterThan(before);
    expect(next - before).toBeLessThanOrEqual(3_600_000);
    expect(monitor.created_at).toBe(monitor.updated_at);
    expect(await account.balance()).toBe(0);
  });

  it.each([
    ['0 * * * *', 1, 2160],
    ['*/15 * * * *', 1, 8640],
    ['0 9 * * *', 5, 450],
  ])('estimates %s with %i target(s) at %i credits a month (3 a fetch)', async (cron, count, credits) => {
    const account = await world.harness.account();
    const targets = Array.from({ length: count }, (_, i) => ({ url: world.shop.url(`/p${i}`) }));
    const monitor = await create(account, { name: 'Estimate', targets, schedule_cron: cron });
    expect(monitor.estimated_credits_per_month).toBe(credits);
  });

  it('generates a whsec_ secret when webhook_url is set without one, shown on create and GET one only', async () => {
    const account = await world.harness.account();
    const monitor = await create(account, {
      name: 'Hooked',
      targets: [target()],
      webhook_url: world.receiver.hook('generated'),
    });
    expect(monitor.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const one = await as(account, 'GET', `${path}/${monitor.id}`);
    expect(one.body.data.webhook_secret).toBe(monitor.webhook_secret);
    const list = await as(account, 'GET', path);
    expect(list.body.data[0].id).toBe(monitor.id);
    expect(list.body.data[0]).not.toHaveProperty('webhook_secret');
  });

  it('keeps a secret the caller chose', async () => {
    const account = await world.harness.account();
    const monitor = await create(account, {
      name: 'Own secret',
      targets: [target()],
      webhook_url: world.receiver.hook('own'),
      webhook_secret: 'a-secret-of-my-own-choosing',
    });
    expect(monitor.webhook_secret).toBe('a-secret-of-my-own-choosing');
  });

  it('accepts Authorization: Bearer as well as X-API-Key', async () => {
    const account = await world.harness.account();
    const res = await world.harness.call('POST', path, {
      headers: { Authorization: `Bearer ${account.key}` },
      body: { name: 'Bearer', targets: [target()] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const list = await world.harness.call('GET', path, {
      headers: { Authorization: `Bearer ${account.key}` },
    });
    expect(list.body.data).toHaveLength(1);
  });

  it('answers 401 without a key or with a bad one', async () => {
    const missing = await call('POST', path, undefined, { name: 'x', targets: [target()] });
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('MISSING_API_KEY');
    const invalid = await world.harness.call('GET', path, { headers: { Authorization: 'Bearer wxk_nope' } });
    expect(invalid.status).toBe(401);
    expect(invalid.body.error.code).toBe('INVALID_API_KEY');
  });
});

describe('validation (400 VALIDATION_ERROR with details)', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await world.harness.account({ credits: 0 });
    setHostResolverForTests(async (host) =>
      host === 'intranet.example.com'
        ? [{ address: '10.1.2.3', family: 4 }]
        : host === 'www.example.com'
          ? [{ address: '93.184.215.14', family: 4 }]
          : Promise.reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' })),
    );
  });
  afterAll(() => setHostResolverForTests(null));

  const base = () => ({ name: 'Valid', targets: [target()] });
  const cases: Array<[string, () => Record<string, unknown>, string]> = [
    ['an empty name', () => ({ ...base(), name: '' }), 'name'],
    ['a name of 81 characters', () => ({ ...base(), name: 'x'.repeat(81) }), 'name'],
    ['no name', () => ({ targets: [target()] }), 'name'],
    ['no targets', () => ({ name: 'x' }), 'targets'],
    ['zero targets', () => ({ ...base(), targets: [] }), 'targets'],
    [
      '21 targets',
      () => ({
        ...base(),
        targets: Array.from({ length: 21 }, (_, i) => ({ url: world.shop.url(`/t${i}`) })),
      }),
      'targets',
    ],
    [
      'a loopback target',
      () => ({ ...base(), targets: [{ url: 'http://127.0.0.1/admin' }] }),
      'targets.0.url',
    ],
    [
      'a localhost target',
      () => ({ ...base(), targets: [{ url: 'http://localhost:8080/' }] }),
      'targets.0.url',
    ],
    ['a private target', () => ({ ...base(), targets: [{ url: 'http://10.0.0.7/' }] }), 'targets.0.url'],
    [
      'cloud metadata',
      () => ({ ...base(), targets: [target(), { url: 'http://169.254.169.254/latest/meta-data/' }] }),
      'targets.1.url',
    ],
    [
      'a name that resolves to a private address',
      () => ({ ...base(), targets: [{ url: 'https://intranet.example.com/' }] }),
      'targets.0.url',
    ],
    ['a non-http target', () => ({ ...base(), targets: [{ url: 'ftp://example.com/' }] }), 'targets.0.url'],
    [
      'an invalid selector',
      () => ({ ...base(), targets: [{ url: target().url, selector: 'p[' }] }),
      'targets.0.selector',
    ],
    ['a duplicated target', () => ({ ...base(), targets: [target(), target()] }), 'targets.1'],
    [
      'six notify emails',
      () => ({ ...base(), notify_emails: Array.from({ length: 6 }, (_, i) => `ops${i}@example.com`) }),
      'notify_emails',
    ],
    ['a malformed email', () => ({ ...base(), notify_emails: ['not-an-email'] }), 'notify_emails.0'],
    ['an http webhook', () => ({ ...base(), webhook_url: 'http://www.example.com/hook' }), 'webhook_url'],
    ['a private webhook', () => ({ ...base(), webhook_url: 'https://127.0.0.1/hook' }), 'webhook_url'],
    [
      'a webhook resolving to a private address',
      () => ({ ...base(), webhook_url: 'https://intranet.example.com/hook' }),
      'webhook_url',
    ],
    ['a 15-character secret', () => ({ ...base(), webhook_secret: 'x'.repeat(15) }), 'webhook_secret'],
    ['a 129-character secret', () => ({ ...base(), webhook_secret: 'x'.repeat(129) }), 'webhook_secret'],
    [
      'a whsec_ secret that is not base64',
      () => ({ ...base(), webhook_secret: 'whsec_not base64 at all!' }),
      'webhook_secret',
    ],
    ['retention 0', () => ({ ...base(), retention_days: 0 }), 'retention_days'],
    ['retention 366', () => ({ ...base(), retention_days: 366 }), 'retention_days'],
    ['every minute', () => ({ ...base(), schedule_cron: '* * * * *' }), 'schedule_cron'],
    ['every two minutes', () => ({ ...base(), schedule_cron: '*/2 * * * *' }), 'schedule_cron'],
    ['minutes 0 to 4', () => ({ ...base(), schedule_cron: '0-4 * * * *' }), 'schedule_cron'],
    ['minutes 0 and 3', () => ({ ...base(), schedule_cron: '0,3 * * * *' }), 'schedule_cron'],
    [
      '23:58 and 00:00 on consecutive days',
      () => ({ ...base(), schedule_cron: '0,58 0,23 * * *' }),
      'schedule_cron',
    ],
    ['six cron fields', () => ({ ...base(), schedule_cron: '0 0 * * * *' }), 'schedule_cron'],
    ['minute 61', () => ({ ...base(), schedule_cron: '61 * * * *' }), 'schedule_cron'],
    ['a date that never comes', () => ({ ...base(), schedule_cron: '0 0 30 2 *' }), 'schedule_cron'],
    ['an unknown time zone', () => ({ ...base(), timezone: 'Mars/Olympus_Mons' }), 'timezone'],
    ['a UTC offset for a zone', () => ({ ...base(), timezone: '+02:00' }), 'timezone'],
    ['an unknown status', () => ({ ...base(), status: 'sleeping' }), 'status'],
  ];

  it.each(cases)('refuses %s', async (_label, body, field) => {
    const res = await as(account, 'POST', path, body());
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('accepts a public name, a name that does not resolve, and boundary values', async () => {
    const monitor = await create(account, {
      name: 'x'.repeat(80),
      targets: [
        ...Array.from({ length: 18 }, (_, i) => ({ url: world.shop.url(`/b${i}`) })),
        { url: 'https://www.example.com/' },
        { url: 'https://does-not-resolve.example.net/', selector: '#price' },
      ],
      notify_emails: Array.from({ length: 5 }, (_, i) => `ops${i}@example.com`),
      webhook_url: 'https://www.example.com/hook',
      webhook_secret: 'x'.repeat(128),
      retention_days: 365,
      schedule_cron: '*/5 * * * *',
      timezone: 'America/New_York',
    });
    expect(monitor.targets).toHaveLength(20);
    expect(monitor.estimated_credits_per_month).toBe(8640 * 20 * 3);
    const minimal = await create(account, { ...base(), webhook_secret: 'y'.repeat(16), retention_days: 1 });
    expect(minimal.retention_days).toBe(1);
  });

  it('refuses a PATCH with the same rules', async () => {
    const monitor = await create(account, base());
    const res = await as(account, 'PATCH', `${path}/${monitor.id}`, { schedule_cron: '*/3 * * * *' });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('schedule_cron');
    const target = await as(account, 'PATCH', `${path}/${monitor.id}`, {
      targets: [{ url: 'http://192.168.1.1/' }],
    });
    expect(target.status).toBe(400);
    expect(target.body.error.details[0].field).toBe('targets.0.url');
  });
});

describe('GET, list, PATCH, DELETE', () => {
  it("answers another account's monitor exactly like an unknown id", async () => {
    const owner = await world.harness.account();
    const stranger = await world.harness.account();
    const monitor = await create(owner, { name: 'Mine', targets: [target()] });
    const unknownId = 'mon_0000000000AAAAAAAAAA';
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'Theirs' }],
      ['DELETE', '', undefined],
      ['POST', '/run', undefined],
      ['GET', '/checks', undefined],
      ['GET', '/checks/chk_0000000000AAAAAAAAAA', undefined],
    ] as const) {
      const theirs = await as(stranger, method, `${path}/${monitor.id}${suffix}`, body);
      const unknown = await as(stranger, method, `${path}/${unknownId}${suffix}`, body);
      expect(theirs.status, `${method} ${suffix}`).toBe(404);
      expect(unknown.status).toBe(404);
      expect(theirs.body.error.code).toBe('NOT_FOUND');
      expect(theirs.body.error.message.replace(monitor.id, 'ID')).toBe(
        unknown.body.error.message.replace(unknownId, 'ID'),
      );
    }
    const still = await as(owner, 'GET', `${path}/${monitor.id}`);
    expect(still.body.data.name).toBe('Mine');
  });

  it('pages through monitors with limit and next_cursor, newest first', async () => {
    const account = await world.harness.account();
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three'])
      ids.push((await create(account, { name, targets: [target()] })).id);
    const first = await as(account, 'GET', `${path}?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.data[0].last_check).toBeNull();
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await as(account, 'GET', `${path}?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
    expect(second.body.next_cursor).toBeNull();
    const everything = await as(account, 'GET', path);
    expect(everything.body.data).toHaveLength(3);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=garbage', 'cursor'],
  ])('refuses %s', async (queryString, field) => {
    const account = await world.harness.account();
    const res = await as(account, 'GET', `${path}?${queryString}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe(field);
  });

  it('pauses (next_run_at null) and resumes at the next slot; recomputes the estimate on a new schedule', async () => {
    const account = await world.harness.account({ credits: 0 });
    const monitor = await create(account, { name: 'Toggle', targets: [target()] });
    const paused = await as(account, 'PATCH', `${path}/${monitor.id}`, { status: 'paused' });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.data).toMatchObject({ status: 'paused', next_run_at: null });
    expect(new Date(paused.body.data.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(monitor.updated_at).getTime(),
    );
    const resumed = await as(account, 'PATCH', `${path}/${monitor.id}`, { status: 'active' });
    expect(resumed.body.data.status).toBe('active');
    expect(new Date(resumed.body.data.next_run_at).getTime() % 3_600_000).toBe(0);
    const daily = await as(account, 'PATCH', `${path}/${monitor.id}`, {
      schedule_cron: '30 6 * * *',
      timezone: 'Asia/Kolkata',
      targets: [target(), { url: world.shop.url('/other') }],
    });
    expect(daily.body.data).toMatchObject({
      schedule_cron: '30 6 * * *',
      timezone: 'Asia/Kolkata',
      estimated_credits_per_month: 30 * 2 * 3,
    });
    // 06:30 in Kolkata (UTC+05:30) is 01:00 UTC.
    expect(daily.body.data.next_run_at).toMatch(/T01:00:00\.000Z$/);
    expect(daily.body.data.name).toBe('Toggle');
  });

  it('adds a webhook with a generated secret on PATCH, and removes both with webhook_url: null', async () => {
    const account = await world.harness.account();
    const monitor = await create(account, { name: 'Later hook', targets: [target()] });
    const hooked = await as(account, 'PATCH', `${path}/${monitor.id}`, {
      webhook_url: world.receiver.hook('later'),
    });
    expect(hooked.body.data.webhook_secret).toMatch(/^whsec_/);
    const unhooked = await as(account, 'PATCH', `${path}/${monitor.id}`, { webhook_url: null });
    expect(unhooked.body.data).toMatchObject({ webhook_url: null, webhook_secret: null });
  });

  it('deletes a monitor: {id, deleted: true}, then 404', async () => {
    const account = await world.harness.account({ credits: 0 });
    const monitor = await create(account, { name: 'Gone', targets: [target()] });
    const res = await as(account, 'DELETE', `${path}/${monitor.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: monitor.id, deleted: true } });
    expect((await as(account, 'GET', `${path}/${monitor.id}`)).status).toBe(404);
    expect((await as(account, 'DELETE', `${path}/${monitor.id}`)).status).toBe(404);
  });

  it('rate-limits monitor management at the plan rate (429, Retry-After: 60)', async () => {
    const account = await world.harness.account({ plan: 'free' });
    const first = await call('GET', path, account.key);
    const second = await call('GET', path, account.key);
    expect([first.status, second.status]).toEqual([200, 429]);
    expect(second.headers.get('retry-after')).toBe('60');
    expect(second.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
  });
});

describe('the OpenAPI document', () => {
  it('describes every monitor operation with request and response schemas', async () => {
    const res = await world.harness.call('GET', '/openapi.json');
    const paths = res.body.paths;
    expect(paths['/api/v1/monitors'].post.operationId).toBe('createMonitor');
    expect(paths['/api/v1/monitors'].post.responses['201'].content['application/json'].schema).toBeDefined();
    expect(paths['/api/v1/monitors'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'limit',
      'cursor',
    ]);
    expect(paths['/api/v1/monitors/{id}'].patch.requestBody).toBeDefined();
    expect(paths['/api/v1/monitors/{id}/run'].post.responses['409']).toBeDefined();
    expect(paths['/api/v1/monitors/{id}/checks/{check_id}'].get.operationId).toBe('getMonitorCheck');
    const schemas = res.body.components.schemas;
    for (const name of [
      'Monitor',
      'MonitorListItem',
      'Check',
      'CheckDetail',
      'MonitorPage',
      'WebhookDelivery',
    ]) {
      expect(schemas[name], name).toBeDefined();
    }
    expect(schemas.CreateMonitorRequest.required).toEqual(['name', 'targets']);
    expect(res.body.components.securitySchemes.BearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
    expect(SHOP).toBe('shop.test');
  });
});
