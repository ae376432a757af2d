import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskDates } from '../../lib/change-detection/noise.js';
import { linearRegex, regexProblem } from '../../lib/safe-regex.js';
import type { TestAccount } from '../support/harness.js';
import { type MonitorWorld, page, startMonitorWorld } from './support.js';

/** Noise control: ignore_patterns, ignore_dates and min_change_percent, end to end through run-now. */

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
  const res = await as(account, 'POST', path, { name: 'Noise', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function runNow(account: TestAccount, monitorId: string) {
  const res = await as(account, 'POST', `${path}/${monitorId}/run`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('ignore_patterns', () => {
  it('leaves matching lines out of the hash and the diff; other edits still count', async () => {
    const account = await world.harness.account({ credits: 100 });
    const p = `/ads-${Date.now()}`;
    let edition = 1;
    world.shop.set(p, () =>
      page('Shop', `Sponsored: offer ${edition}`, `Visitors online: ${edition * 7}`, 'Price 20'),
    );
    const monitor = await monitorFor(account, {
      targets: [{ url: world.shop.url(p), ignore_patterns: ['^Sponsored:', 'Visitors online: \\d+$'] }],
    });
    expect(monitor.targets[0].ignore_patterns).toEqual(['^Sponsored:', 'Visitors online: \\d+$']);
    expect((await runNow(account, monitor.id)).pages[0].status).toBe('new');
    edition = 2;
    const quiet = await runNow(account, monitor.id);
    expect(quiet.pages[0]).toMatchObject({ status: 'unchanged', charged: true });
    world.shop.set(p, page('Shop', 'Sponsored: offer 3', 'Visitors online: 21', 'Price 25'));
    const changed = await runNow(account, monitor.id);
    expect(changed.pages[0]).toMatchObject({
      status: 'changed',
      added_samples: ['Price 25'],
      removed_samples: ['Price 20'],
    });
  });

  it('refuses a pattern that is invalid, too long or can backtrack catastrophically, naming each', async () => {
    const account = await world.harness.account({ credits: 0 });
    const res = await as(account, 'POST', path, {
      name: 'Bad patterns',
      targets: [
        {
          url: world.shop.url('/bad-patterns'),
          ignore_patterns: ['(unclosed', '^(a+)+$', 'x'.repeat(201), '(\\w)\\1', 'fine'],
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    const fields = res.body.error.details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual([
      'targets.0.ignore_patterns.0',
      'targets.0.ignore_patterns.2',
      'targets.0.ignore_patterns.3',
    ]);
    const many = await as(account, 'POST', path, {
      name: 'Many',
      targets: [
        { url: world.shop.url('/many'), ignore_patterns: Array.from({ length: 21 }, (_, i) => `a${i}`) },
      ],
    });
    expect(many.status).toBe(400);
    expect(many.body.error.details[0].field).toBe('targets.0.ignore_patterns');
  });

  it('runs accepted patterns in linear time: nested quantifiers are matched without backtracking', () => {
    // `^(a+)+$` is accepted by RE2 (it has no backtracking to explode); JavaScript would take ages.
    expect(regexProblem('^(a+)+$')).toBeNull();
    const regex = linearRegex('^(a+)+$');
    expect(regex.test(`${'a'.repeat(50_000)}b`)).toBe(false);
    expect(regex.test('a'.repeat(50_000))).toBe(true);
    expect(regexProblem('(?<=a)b')).toMatch(/backtrack/);
    expect(regexProblem('[')).toMatch(/not a valid regular expression/);
  });
});

describe('ignore_dates', () => {
  it('masks dates, times, relative times and counters in several languages, and nothing else', () => {
    expect(maskDates('Updated 3 minutes ago · 1,234 views')).toBe('Updated <ago> · <count>');
    expect(maskDates('Aktualisiert vor 2 Stunden, 5. März 2024, 14:05 Uhr')).toBe(
      'Aktualisiert <ago>, <date>, <time> Uhr',
    );
    expect(maskDates('Publié il y a 3 heures')).toBe('Publié <ago>');
    expect(maskDates('Posted March 5, 2024 at 10:30 pm')).toBe('Posted <date> at <time>');
    expect(maskDates('Last updated: 2024-03-05T10:30:00Z')).toBe('Last updated: <date>');
    expect(maskDates('Price $19.99 for 2 items, version 2.1.3')).toBe(
      'Price $19.99 for 2 items, version 2.1.3',
    );
  });

  it('keeps a page whose clock and counters move unchanged; its real edits still show', async () => {
    const account = await world.harness.account({ credits: 100 });
    const p = `/news-${Date.now()}`;
    world.shop.set(p, page('News', 'Updated 3 minutes ago', '1,234 views', 'Story: rates hold'));
    const monitor = await monitorFor(account, { targets: [{ url: world.shop.url(p), ignore_dates: true }] });
    expect((await runNow(account, monitor.id)).pages[0].status).toBe('new');
    world.shop.set(p, page('News', 'Updated 1 hour ago', '1,301 views', 'Story: rates hold'));
    expect((await runNow(account, monitor.id)).pages[0].status).toBe('unchanged');
    world.shop.set(p, page('News', 'Updated 2 hours ago', '1,377 views', 'Story: rates rise'));
    const changed = await runNow(account, monitor.id);
    expect(changed.pages[0]).toMatchObject({ status: 'changed', added_samples: ['Story: rates rise'] });
  });
});

describe('min_change_percent', () => {
  it('reports a small change unchanged (charged as such) and lets small changes add up', async () => {
    const account = await world.harness.account({ credits: 100 });
    const p = `/catalog-${Date.now()}`;
    const items = Array.from({ length: 20 }, (_, i) => `Item ${i}: in stock`);
    world.shop.set(p, page('Catalog', ...items));
    const monitor = await monitorFor(account, {
      targets: [{ url: world.shop.url(p) }],
      min_change_percent: 6,
    });
    expect(monitor.min_change_percent).toBe(6);
    expect((await runNow(account, monitor.id)).pages[0].status).toBe('new');
    // One line of 21 replaced: (1 + 1) / 42 = 4.76 % < 6.
    items[0] = 'Item 0: sold out';
    world.shop.set(p, page('Catalog', ...items));
    const small = await runNow(account, monitor.id);
    expect(small.pages[0]).toMatchObject({ status: 'unchanged', charged: true, added_count: 0 });
    expect(small.credits_charged).toBe(3);
    // A second small edit, compared with the same old baseline: 2 lines of 21, 9.52 % ≥ 6.
    items[1] = 'Item 1: sold out';
    world.shop.set(p, page('Catalog', ...items));
    const added = await runNow(account, monitor.id);
    expect(added.pages[0]).toMatchObject({ status: 'changed', change_percent: 9.52, added_count: 2 });
    // The baseline rolled forward: the same page again is unchanged.
    expect((await runNow(account, monitor.id)).pages[0].status).toBe('unchanged');
  });

  it('refuses values outside 0 to 100', async () => {
    const account = await world.harness.account({ credits: 0 });
    for (const value of [-1, 101, '5']) {
      const res = await as(account, 'POST', path, {
        name: 'Bad threshold',
        targets: [{ url: world.shop.url('/t') }],
        min_change_percent: value,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['min_change_percent']);
    }
  });
});
