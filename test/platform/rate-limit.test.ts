import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditHolds, usageLog } from '../../lib/db/schema/index.js';
import { RedisStore } from '../../lib/kv/redis-store.js';
import { checkRateLimit } from '../../lib/ratelimit/check-rate-limit.js';
import { type Harness, startHarness } from '../support/harness.js';
import { probeTool } from '../support/probe-tool.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ tools: [probeTool] });
});
afterAll(() => harness.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate limit per key and plan', () => {
  it.each([
    ['free', 1],
    ['hobby', 2],
    ['professional', 4],
    ['business', 10],
  ] as const)(
    'lets %s through at %i per second and answers 429 with Retry-After: 60 above it',
    async (plan, rate) => {
      const account = await harness.account({ plan, credits: 100 });
      const results = await Promise.all(
        Array.from({ length: rate + 2 }, () => harness.tool('probe', { hold: 1 }, account.key)),
      );
      const ok = results.filter((res) => res.status === 200);
      const limited = results.filter((res) => res.status === 429);
      expect(ok).toHaveLength(rate);
      expect(limited).toHaveLength(2);
      expect(limited[0].body.error.code).toBe('RATE_LIMIT_EXCEEDED');
      expect(limited[0].headers.get('retry-after')).toBe('60');
      expect(ok[0].headers.get('ratelimit-limit')).toBe(String(rate));
      // 429s are uncharged and took no hold.
      expect(await account.balance()).toBe(100 - rate);
    },
  );

  it('does not refuse below the rate: calls spaced past the window all pass', async () => {
    const account = await harness.account({ plan: 'free', credits: 10 });
    for (let i = 0; i < 3; i += 1) {
      const res = await harness.tool('probe', { hold: 1 }, account.key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await sleep(1_050);
    }
  });

  it('holds the rate across a window boundary (no double burst)', async () => {
    const account = await harness.account({ plan: 'hobby', credits: 100 });
    const first = await Promise.all([1, 2].map(() => harness.tool('probe', { hold: 1 }, account.key)));
    expect(first.map((res) => res.status)).toEqual([200, 200]);
    await sleep(600);
    const second = await Promise.all([1, 2].map(() => harness.tool('probe', { hold: 1 }, account.key)));
    expect(second.map((res) => res.status)).toEqual([429, 429]);
  });

  it('refuses a call it let go on before Redis answered, releases its hold and charges nothing', async () => {
    const account = await harness.account({ plan: 'business', credits: 100 });
    // This instance now saw the key with room left, so its next call goes on while Redis decides.
    expect((await harness.tool('probe', { hold: 3 }, account.key)).status).toBe(200);
    // Other instances spend the rest of the window meanwhile.
    for (let i = 0; i < 9; i += 1) await checkRateLimit(harness.services.kv, account.keyId, 'business');

    const refused = await harness.tool('probe', { hold: 3 }, account.key);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await account.balance()).toBe(97);
    const holds = await harness.services.db
      .select()
      .from(creditHolds)
      .where(eq(creditHolds.accountId, account.accountId));
    expect(holds.map((hold) => hold.status).sort()).toEqual(['committed', 'released']);
    // Like every 429, it leaves no usage row: only the call that ran is in the log.
    const usage = await harness.services.db
      .select()
      .from(usageLog)
      .where(eq(usageLog.accountId, account.accountId));
    expect(usage.map((row) => row.outcome)).toEqual(['success']);
  });

  it('answers 429 rather than the 400 of a bad body when the refusal comes after the body was read', async () => {
    const account = await harness.account({ plan: 'business', credits: 100 });
    expect((await harness.tool('probe', { hold: 1 }, account.key)).status).toBe(200);
    for (let i = 0; i < 9; i += 1) await checkRateLimit(harness.services.kv, account.keyId, 'business');

    const refused = await harness.tool('probe', { hold: 'many' }, account.key);
    expect(refused.status).toBe(429);
    expect(await account.balance()).toBe(99);
  });

  it('keeps limiting on the in-process window when Redis is unreachable', async () => {
    const unreachable = new RedisStore('redis://127.0.0.1:1');
    try {
      const first = await checkRateLimit(unreachable, 'key_unreachable', 'free');
      const second = await checkRateLimit(unreachable, 'key_unreachable', 'free');
      expect(first).toMatchObject({ allowed: true, degraded: true });
      expect(second).toMatchObject({ allowed: false, degraded: true });
    } finally {
      await unreachable.close();
    }
  });
});
