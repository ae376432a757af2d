import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackChangesTool } from '../../lib/tools/track-changes/index.js';
import { type MonitorWorld, page, startMonitorWorld, wall } from './support.js';

let world: MonitorWorld;
beforeAll(async () => {
  world = await startMonitorWorld({}, [trackChangesTool]);
});
afterAll(() => world.close());

describe('track_changes', () => {
  it('is new, then unchanged, then changed against the previous call of the same account; 3 credits each', async () => {
    const p = `/tracked-${Date.now()}`;
    world.shop.set(p, page('Plans', '<span id="price">Pro: $19.99 a month</span>', 'Footer text.'));
    const account = await world.harness.account({ credits: 20 });
    const body = { url: world.shop.url(p), selector: '#price' };
    const first = await world.harness.tool('track_changes', body, account.key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ credits_used: 3, credits_remaining: 17 });
    expect(first.body.data).toMatchObject({
      url: body.url,
      final_url: body.url,
      selector: '#price',
      status: 'new',
      added_count: null,
      content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      previous_checked_at: null,
    });

    // Another account has its own baseline: its first call is `new` too.
    const other = await world.harness.account({ credits: 10 });
    expect((await world.harness.tool('track_changes', body, other.key)).body.data.status).toBe('new');

    const second = await world.harness.tool('track_changes', body, account.key);
    expect(second.body.data).toMatchObject({ status: 'unchanged', added_count: 0, removed_count: 0 });
    expect(second.body.data.previous_checked_at).toBe(first.body.data.checked_at);

    world.shop.set(p, page('Plans', '<span id="price">Pro: $91.99 a month</span>', 'Footer changed too.'));
    const third = await world.harness.tool('track_changes', body, account.key);
    expect(third.body.data).toMatchObject({
      status: 'changed',
      change_percent: 100,
      added_count: 1,
      removed_count: 1,
      added_samples: ['Pro: $91.99 a month'],
      removed_samples: ['Pro: $19.99 a month'],
      structural_similarity: 1,
    });
    expect(await account.balance()).toBe(11);
  });

  it('answers errors uncharged and keeps the baseline: unmatched selector 400, wall 403, robots 403', async () => {
    const p = `/err-${Date.now()}`;
    world.shop.set(p, page('No price', 'Nothing.'));
    world.shop.set(`${p}-wall`, wall('cloudflare-challenge'));
    const account = await world.harness.account({ credits: 10 });
    const selector = await world.harness.tool(
      'track_changes',
      { url: world.shop.url(p), selector: '#price' },
      account.key,
    );
    expect(selector.status).toBe(400);
    expect(selector.body.error.details[0].field).toBe('selector');
    const blocked = await world.harness.tool(
      'track_changes',
      { url: world.shop.url(`${p}-wall`) },
      await account.newKey(),
    );
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('BLOCKED');
    const robots = await world.harness.tool(
      'track_changes',
      { url: world.shop.url('/private/x') },
      await account.newKey(),
    );
    expect(robots.status).toBe(403);
    expect(robots.body.error.code).toBe('ROBOTS_DISALLOWED');
    expect(await account.balance()).toBe(10);
    const bad = await world.harness.tool(
      'track_changes',
      { url: world.shop.url(p), selector: 'p[' },
      await account.newKey(),
    );
    expect(bad.status).toBe(400);
  });
});
