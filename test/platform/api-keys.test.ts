import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../lib/app/create-app.js';
import { mountKeyRoutes } from '../../lib/app/keys/routes.js';
import { type NodeServer, startNodeServer } from '../../lib/app/node-server.js';
import { KEY_CACHE_TTL_MS, VerifiedKeyCache } from '../../lib/auth/verify-key.js';
import { apiKeys } from '../../lib/db/schema/index.js';
import { tools } from '../../lib/tools/registry.js';
import { type Harness, startHarness } from '../support/harness.js';

const analyze = tools.find((tool) => tool.name === 'analyze_content')!;
const content = 'Keys are listed, created and revoked. A revoked key stops working on every instance.';

/**
 * Two instances over one database and Redis, as two warm Lambdas are: the second app has a key
 * cache of its own, reading a clock the test moves.
 */
let harness: Harness;
let otherServer: NodeServer;
let otherNow = Date.now();
beforeAll(async () => {
  harness = await startHarness({ tools: [analyze], mounts: [mountKeyRoutes] });
  const keyCache = new VerifiedKeyCache({ now: () => otherNow });
  const otherApp = createApp({
    services: { ...harness.services, keyCache },
    tools: [analyze],
    mounts: [mountKeyRoutes],
  });
  otherServer = await startNodeServer(otherApp, { port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  await otherServer.close();
  await harness.close();
});

const other = {
  async call(method: string, path: string, { key }: { key: string }) {
    const response = await fetch(`${otherServer.url}${path}`, { method, headers: { 'X-API-Key': key } });
    return { status: response.status, body: await response.json() };
  },
};

const bearer = (key: string) => ({ headers: { Authorization: `Bearer ${key}` } });

describe('/api/v1/keys', () => {
  it('creates a key shown once, lists it without its secret, and charges nothing', async () => {
    const account = await harness.account({ credits: 50 });
    const created = await harness.call('POST', '/api/v1/keys', { key: account.key, body: { name: ' CI ' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const issued = created.body.data;
    expect(issued).toMatchObject({ name: 'CI', status: 'active', last_used_at: null, revoked_at: null });
    expect(issued.key).toMatch(/^wxk_[0-9A-Za-z]{38}$/);
    expect(issued.hint).toBe(`${issued.key.slice(0, 8)}…${issued.key.slice(-4)}`);

    // The new key works, and its metered call becomes its last use.
    const used = await harness.tool('analyze_content', { content }, issued.key);
    expect(used.status, JSON.stringify(used.body)).toBe(200);

    const listed = await harness.call('GET', '/api/v1/keys', bearer(issued.key));
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.map((key: { id: string }) => key.id)).toEqual([issued.id, account.keyId]);
    expect(JSON.stringify(listed.body)).not.toContain(issued.key);
    const [mine, first] = listed.body.data;
    expect(Object.keys(mine).sort()).toEqual(
      ['created_at', 'hint', 'id', 'last_used_at', 'name', 'revoked_at', 'status'].sort(),
    );
    expect(Date.parse(mine.last_used_at)).toBeGreaterThanOrEqual(Date.parse(mine.created_at));
    expect(first).toMatchObject({ name: null, last_used_at: null, status: 'active' });

    const unnamed = await harness.call('POST', '/api/v1/keys', { key: account.key });
    expect(unnamed.status, JSON.stringify(unnamed.body)).toBe(201);
    expect(unnamed.body.data.name).toBeNull();
    expect(unnamed.body.data.key).not.toBe(issued.key);
    // Only the analyze_content call was charged (3 credits); managing keys is free.
    expect(await account.balance()).toBe(47);
  });

  it('revokes a key: 401 INVALID_API_KEY on the next call here, within the cache window elsewhere', async () => {
    const account = await harness.account({ credits: 10 });
    const doomed = (await harness.call('POST', '/api/v1/keys', { key: account.key })).body.data;
    // Both instances have verified (and cached) the key before it is revoked.
    expect((await harness.call('GET', '/api/v1/keys', { key: doomed.key })).status).toBe(200);
    expect((await other.call('GET', '/api/v1/keys', { key: doomed.key })).status).toBe(200);

    const revoked = await harness.call('DELETE', `/api/v1/keys/${doomed.id}`, { key: account.key });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: doomed.id, status: 'revoked' });
    expect(revoked.body.data).not.toHaveProperty('key');
    expect(Date.parse(revoked.body.data.revoked_at)).not.toBeNaN();

    const here = await harness.call('GET', '/api/v1/keys', { key: doomed.key });
    expect(here.status).toBe(401);
    expect(here.body.error.code).toBe('INVALID_API_KEY');

    // The other instance still trusts its cached verification, for at most the cache window.
    expect((await other.call('GET', '/api/v1/keys', { key: doomed.key })).status).toBe(200);
    otherNow += KEY_CACHE_TTL_MS;
    const there = await other.call('GET', '/api/v1/keys', { key: doomed.key });
    expect(there.status).toBe(401);
    expect(there.body.error.code).toBe('INVALID_API_KEY');
    expect(KEY_CACHE_TTL_MS).toBeLessThanOrEqual(5_000);

    // Revoking again is idempotent and keeps the first revocation time.
    const again = await harness.call('DELETE', `/api/v1/keys/${doomed.id}`, { key: account.key });
    expect(again.status).toBe(200);
    expect(again.body.data.revoked_at).toBe(revoked.body.data.revoked_at);
    const listed = await harness.call('GET', '/api/v1/keys', { key: account.key });
    expect(listed.body.data.find((key: { id: string }) => key.id === doomed.id).status).toBe('revoked');
    expect(await account.balance()).toBe(10);
  });

  it('lets a key revoke itself', async () => {
    const account = await harness.account();
    const res = await harness.call('DELETE', `/api/v1/keys/${account.keyId}`, bearer(account.key));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await harness.call('GET', '/api/v1/keys', bearer(account.key));
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('INVALID_API_KEY');
  });

  it('answers another account’s key id exactly like an unknown one: 404 NOT_FOUND, nothing revoked', async () => {
    const owner = await harness.account();
    const stranger = await harness.account();
    const theirs = await harness.call('DELETE', `/api/v1/keys/${owner.keyId}`, { key: stranger.key });
    const unknown = await harness.call('DELETE', '/api/v1/keys/key_00000000000000000000000000', {
      key: stranger.key,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('NOT_FOUND');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    expect(Object.keys(theirs.body.error)).toEqual(Object.keys(unknown.body.error));
    expect((await harness.call('GET', '/api/v1/keys', { key: owner.key })).status).toBe(200);
    const strangers = await harness.call('GET', '/api/v1/keys', { key: stranger.key });
    expect(strangers.body.data.map((key: { id: string }) => key.id)).toEqual([stranger.keyId]);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 42 }, 'name'],
  ])('refuses the body %j with 400 VALIDATION_ERROR naming %s, creating nothing', async (body, field) => {
    const account = await harness.account({ credits: 5 });
    const res = await harness.call('POST', '/api/v1/keys', { key: account.key, body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ field, message: expect.any(String) }]);
    const listed = await harness.call('GET', '/api/v1/keys', { key: account.key });
    expect(listed.body.data).toHaveLength(1);
    expect(await account.balance()).toBe(5);
  });

  it('refuses a body that is not a JSON object', async () => {
    const account = await harness.account();
    const res = await harness.call('POST', '/api/v1/keys', {
      key: account.key,
      rawBody: '[1]',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ field: 'body', message: 'expected an object' }]);
  });

  it('rate-limits key management at the plan rate (429, Retry-After: 60), creating nothing over it', async () => {
    const account = await harness.account({ plan: 'free' });
    const first = await harness.call('GET', '/api/v1/keys', { key: account.key });
    const second = await harness.call('POST', '/api/v1/keys', { key: account.key, body: {} });
    expect([first.status, second.status]).toEqual([200, 429]);
    expect(second.headers.get('retry-after')).toBe('60');
    expect(second.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    const keys = await harness.services.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(eq(apiKeys.accountId, account.accountId));
    expect(keys).toEqual([{ id: account.keyId }]);
  });

  it('answers 401 without a key', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/keys'],
      ['POST', '/api/v1/keys'],
      ['DELETE', '/api/v1/keys/key_x'],
    ]) {
      const res = await harness.call(method, path);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('MISSING_API_KEY');
    }
  });

  it('is described in /openapi.json', async () => {
    const res = await harness.call('GET', '/openapi.json');
    const paths = res.body.paths;
    expect(paths['/api/v1/keys'].get.operationId).toBe('listApiKeys');
    expect(paths['/api/v1/keys'].post.operationId).toBe('createApiKey');
    expect(paths['/api/v1/keys/{id}'].delete.operationId).toBe('revokeApiKey');
    expect(Object.keys(paths['/api/v1/keys/{id}'].delete.responses)).toEqual(['200', '401', '404', '429']);
    expect(res.body.components.schemas.IssuedApiKey.required).toContain('key');
    expect(res.body.components.schemas.ApiKey.properties).not.toHaveProperty('key');
  });
});
