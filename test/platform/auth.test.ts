import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRoutes } from '../../lib/app/service-routes.js';
import { revokeApiKey } from '../../lib/auth/accounts.js';
import { generateApiKey, isWellFormedApiKey } from '../../lib/auth/api-key.js';
import { forgetCachedKey } from '../../lib/auth/verify-key.js';
import { loadStoredResult, storeResult } from '../../lib/results/stored-results.js';
import { type Harness, startHarness } from '../support/harness.js';
import { probeTool } from '../support/probe-tool.js';

// Unique per run: the real database outlives runs, and a key is unique.
const devKey = `local-dev-key-${Date.now()}-${Math.random().toString(36).slice(2)}`;
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ tools: [probeTool], env: { DEV_API_KEY: devKey }, mounts: serviceRoutes });
});
afterAll(() => harness.close());

describe('API keys', () => {
  it('generates high-entropy keys with a prefix and a checksum that catches a typo', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^wxk_[0-9A-Za-z]{38}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
    const typo = `${key.slice(0, 10)}${key[10] === 'a' ? 'b' : 'a'}${key.slice(11)}`;
    expect(isWellFormedApiKey(typo)).toBe(false);
    expect(generateApiKey()).not.toBe(key);
  });

  it('answers 401 MISSING_API_KEY without a key, uncharged', async () => {
    const res = await harness.call('POST', '/api/v1/tools/probe', { body: { hold: 1 } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('MISSING_API_KEY');
  });

  it('answers 401 INVALID_API_KEY for malformed, unknown and revoked keys', async () => {
    const malformed = await harness.tool('probe', {}, 'not-a-key');
    expect(malformed.status).toBe(401);
    expect(malformed.body.error.code).toBe('INVALID_API_KEY');

    const unknown = await harness.tool('probe', {}, generateApiKey());
    expect(unknown.body.error.code).toBe('INVALID_API_KEY');

    const account = await harness.account({ credits: 10 });
    expect((await harness.tool('probe', { hold: 1 }, account.key)).status).toBe(200);
    await revokeApiKey(harness.services.db, account.keyId);
    forgetCachedKey(account.key);
    const revoked = await harness.tool('probe', { hold: 1 }, account.key);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('INVALID_API_KEY');
    expect(await account.balance()).toBe(9);
  });

  it('takes the key as Authorization: Bearer on tool paths too, and charges the same', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.call('POST', '/api/v1/tools/probe', {
      body: { hold: 1 },
      headers: { Authorization: `Bearer ${account.key}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await account.balance()).toBe(9);
  });

  it('accepts the same key sent both ways', async () => {
    const account = await harness.account({ credits: 10 });
    const res = await harness.call('POST', '/api/v1/tools/probe', {
      key: account.key,
      body: { hold: 1 },
      headers: { Authorization: `bearer ${account.key}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('answers 401 INVALID_API_KEY, uncharged, when X-API-Key and Bearer carry different keys', async () => {
    const account = await harness.account({ credits: 10 });
    const other = await account.newKey();
    for (const path of ['/api/v1/tools/probe', '/api/v1/usage']) {
      const res = await harness.call(path.includes('tools') ? 'POST' : 'GET', path, {
        key: account.key,
        body: path.includes('tools') ? { hold: 1 } : undefined,
        headers: { Authorization: `Bearer ${other}` },
      });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(401);
      expect(res.body.error.code).toBe('INVALID_API_KEY');
    }
    expect(await account.balance()).toBe(10);
  });

  it('reads no key from another Authorization scheme', async () => {
    const account = await harness.account();
    const res = await harness.call('POST', '/api/v1/tools/probe', {
      body: { hold: 1 },
      headers: { Authorization: `Basic ${Buffer.from(`user:${account.key}`).toString('base64')}` },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('MISSING_API_KEY');
  });

  it('accepts the configured DEV_API_KEY verbatim although it has no checksum', async () => {
    const { createAccount, createApiKey } = await import('../../lib/auth/accounts.js');
    const { id } = await createAccount(harness.services.db, { name: 'dev', plan: 'business', credits: 5 });
    await createApiKey(harness.services.db, id, { presetKey: devKey });
    const res = await harness.tool('probe', { hold: 1 }, devKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('account scope', () => {
  it("never shows one account's stored result to another", async () => {
    const owner = await harness.account();
    const other = await harness.account();
    const { handle } = await storeResult(harness.services.db, {
      accountId: owner.accountId,
      tool: 'probe',
      json: JSON.stringify({ secret: 1 }),
      totalChars: 12,
    });
    expect(await loadStoredResult(harness.services.db, owner.accountId, handle)).not.toBeNull();
    expect(await loadStoredResult(harness.services.db, other.accountId, handle)).toBeNull();
  });
});
