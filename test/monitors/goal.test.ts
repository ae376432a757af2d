import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../fakes/fake-http.js';
import { OPENAI_TEST_KEY, startOpenAiFake } from '../fakes/openai.js';
import type { TestAccount } from '../support/harness.js';
import { type MonitorWorld, page, startMonitorWorld } from './support.js';

/**
 * Monitor goals: a goal in plain language. Changed pages are judged by the configured model (an
 * OpenAI-compatible fake on loopback that answers from `name: value` lines of what it is shown),
 * cost 4 credits instead of 3, and only relevant changes are announced.
 */

let world: MonitorWorld;
let model: FakeServer;
let bare: MonitorWorld;
beforeAll(async () => {
  model = await startOpenAiFake();
  world = await startMonitorWorld({ OPENAI_API_KEY: OPENAI_TEST_KEY, OPENAI_BASE_URL: `${model.url}/v1` });
  bare = await startMonitorWorld();
});
afterAll(async () => {
  await world.close();
  await bare.close();
  await model.close();
});

const path = '/api/v1/monitors';
const GOAL = 'Tell me when the price drops below $20.';

async function as(w: MonitorWorld, account: TestAccount, method: string, url: string, body?: unknown) {
  return w.harness.call(method, url, { key: await account.newKey(), body });
}

describe('goal', () => {
  it('judges changed pages: relevant ones are announced at 4 credits, irrelevant ones recorded only', async () => {
    const account = await world.harness.account({ credits: 100 });
    const stamp = Date.now();
    const p = `/goal-${stamp}`;
    world.shop.set(p, page('Shop', 'Price: $25', 'relevant: not judged yet', 'note: nothing yet'));
    const hook = `goal-${stamp}`;
    const created = await as(world, account, 'POST', path, {
      name: 'Goal',
      targets: [{ url: world.shop.url(p) }],
      goal: GOAL,
      webhook_url: world.receiver.hook(hook),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    world.receiver.trust(hook, created.body.data.webhook_secret);
    expect(created.body.data.goal).toBe(GOAL);
    // Hourly: 720 runs in 30 days, 4 credits per target with a goal.
    expect(created.body.data.estimated_credits_per_month).toBe(720 * 4);
    const run = async () =>
      (await as(world, account, 'POST', `${path}/${created.body.data.id}/run`)).body.data;
    const first = await run();
    expect(first.pages[0].status).toBe('new');
    expect(first.pages[0]).not.toHaveProperty('relevant');
    expect(first.credits_reserved).toBe(4);
    expect(first.credits_charged).toBe(3);
    world.shop.set(p, page('Shop', 'Price: $24', 'relevant: no', 'note: The price fell, but not below $20.'));
    const irrelevant = await run();
    expect(irrelevant.pages[0]).toMatchObject({
      status: 'changed',
      relevant: false,
      relevance_note: 'The price fell, but not below $20.',
      charged: true,
    });
    expect(irrelevant.credits_charged).toBe(4);
    world.shop.set(p, page('Shop', 'Price: $19', 'relevant: yes', 'note: The price is now below $20.'));
    const relevant = await run();
    expect(relevant.pages[0]).toMatchObject({ status: 'changed', relevant: true });
    const pageEvents = world.receiver.events(hook).filter((event) => event.type === 'monitor.page');
    // new (not judged), then only the relevant change: the irrelevant one was not announced.
    expect(pageEvents.map((event) => [event.data.page.status, event.data.page.relevant])).toEqual([
      ['new', undefined],
      ['changed', true],
    ]);
    const asked = model.requestsTo('/v1/chat/completions');
    expect(asked).toHaveLength(2);
    expect(JSON.stringify(asked[0].body)).toContain(GOAL);
    expect(await account.balance()).toBe(100 - 3 - 4 - 4);
  });

  it('without a model keeps the goal, marks changed pages relevant: null and notifies as before, at 3 credits', async () => {
    const account = await bare.harness.account({ credits: 100 });
    const stamp = Date.now();
    const p = `/nomodel-${stamp}`;
    bare.shop.set(p, page('Shop', 'Price: $25'));
    const hook = `nomodel-${stamp}`;
    const created = await as(bare, account, 'POST', path, {
      name: 'No model',
      targets: [{ url: bare.shop.url(p) }],
      goal: GOAL,
      webhook_url: bare.receiver.hook(hook),
    });
    bare.receiver.trust(hook, created.body.data.webhook_secret);
    const run = async () =>
      (await as(bare, account, 'POST', `${path}/${created.body.data.id}/run`)).body.data;
    await run();
    bare.shop.set(p, page('Shop', 'Price: $19'));
    const changed = await run();
    expect(changed.pages[0]).toMatchObject({ status: 'changed', relevant: null, charged: true });
    expect(changed.pages[0].relevance_note).toContain('no model provider');
    expect(changed.credits_charged).toBe(3);
    const events = bare.receiver.events(hook).filter((event) => event.type === 'monitor.page');
    expect(events.map((event) => event.data.page.status)).toEqual(['new', 'changed']);
  });

  it('a failed model call never fails the check: relevant null, a note, the change announced', async () => {
    const account = await world.harness.account({ credits: 100 });
    const stamp = Date.now();
    const p = `/failing-model-${stamp}`;
    world.shop.set(p, page('Shop', 'Price: $25'));
    const created = await as(world, account, 'POST', path, {
      name: 'Model down',
      targets: [{ url: world.shop.url(p) }],
      goal: GOAL,
    });
    const run = async () =>
      (await as(world, account, 'POST', `${path}/${created.body.data.id}/run`)).body.data;
    await run();
    // The fake answers 500 to a conversation that says fake:error.
    world.shop.set(p, page('Shop', 'Price: $19 fake:error'));
    const changed = await run();
    expect(changed.status).toBe('completed');
    expect(changed.pages[0]).toMatchObject({ status: 'changed', relevant: null });
    expect(changed.pages[0].relevance_note).toContain('model call failed');
    expect(changed.credits_charged).toBe(3);
  });

  it('refuses a goal over 500 characters', async () => {
    const account = await world.harness.account({ credits: 0 });
    const res = await as(world, account, 'POST', path, {
      name: 'Long goal',
      targets: [{ url: world.shop.url('/long') }],
      goal: 'x'.repeat(501),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['goal']);
  });
});
