import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSessions } from '../../lib/db/schema/index.js';
import { browserSessionTool } from '../../lib/tools/browser-session/index.js';
import type { TestAccount } from '../support/harness.js';
import { respond } from '../support/tool-site.js';
import { type BrowserSite, HTML, page, startBrowserSite } from './support/browser-site.js';

/**
 * A session's life (docs/reference/browsers.md#session-lifetime): `ttl` ends it whatever its activity, `activity_ttl` idle seconds
 * end it too, every operation restarts the idle clock, and a closed, expired, unknown or other
 * account's id answers exactly the same 'Session not found'. Time is the host's manual clock.
 */

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite({
    host: 'life.test',
    tools: [browserSessionTool],
    maxSessions: 6,
    maxSessionsPerAccount: 2,
    routes: { '/': respond(200, HTML, page('<h1>Home</h1><a href="/">Again</a>', '<title>Home</title>')) },
  });
});
afterAll(() => site?.close());

const call = (account: TestAccount, body: Record<string, unknown>) =>
  site.harness.tool('browser_session', body, account.key);
const seconds = (n: number) => n * 1000;

async function open(account: TestAccount, extra: Record<string, unknown> = {}) {
  const res = await call(account, { operation: 'open', url: site.url('/'), ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.sessionId as string;
}

async function rowOf(id: string) {
  const [row] = await site.harness.services.db
    .select()
    .from(browserSessions)
    .where(eq(browserSessions.id, id));
  return row;
}

const NOT_FOUND = { success: false, error: { code: 'SESSION_NOT_FOUND', message: 'Session not found' } };

describe('expiry', () => {
  it('closes a session at ttl however busy it is, and frees its page', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account, { ttl: 60, activity_ttl: 50 });
    const live = site.runtime.localHost?.liveEntries ?? 0;
    for (let step = 0; step < 3; step += 1) {
      site.clock.advance(seconds(19));
      const busy = await call(account, { operation: 'snapshot', session_id: id });
      expect(busy.status).toBe(200);
    }
    site.clock.advance(seconds(4));
    expect(await site.runtime.localHost?.sweep()).toBe(1);
    expect(site.runtime.localHost?.liveEntries).toBe(live - 1);
    const res = await call(account, { operation: 'snapshot', session_id: id });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    expect(await rowOf(id)).toMatchObject({ status: 'closed', closeReason: 'ttl' });
    expect(await account.balance()).toBe(100 - 3 - 3);
  });

  it('closes a session after activity_ttl idle seconds; each operation restarts that clock', async () => {
    const account = await site.harness.account({ credits: 100 });
    const id = await open(account, { ttl: 600, activity_ttl: 30 });
    site.clock.advance(seconds(25));
    const kept = await call(account, { operation: 'read', session_id: id });
    expect(kept.status).toBe(200);
    const row = await rowOf(id);
    expect(row.idleExpiresAt.getTime() - row.lastActivityAt.getTime()).toBe(seconds(30));
    site.clock.advance(seconds(25));
    expect((await call(account, { operation: 'snapshot', session_id: id })).status).toBe(200);
    site.clock.advance(seconds(31));
    // Found expired on use, without waiting for a sweep.
    const res = await call(account, { operation: 'snapshot', session_id: id });
    expect(res.body).toEqual(NOT_FOUND);
    expect(await rowOf(id)).toMatchObject({ status: 'closed', closeReason: 'idle' });
  });

  it('drops expired sessions from list', async () => {
    const account = await site.harness.account({ credits: 100 });
    const short = await open(account, { ttl: 30 });
    const long = await open(account, { ttl: 600 });
    site.clock.advance(seconds(31));
    const list = await call(account, { operation: 'list' });
    expect(list.body.data.sessions.map((session: { sessionId: string }) => session.sessionId)).toEqual([
      long,
    ]);
    expect(short).not.toBe(long);
    await call(account, { operation: 'close', session_id: long });
  });
});

describe('ids of other accounts', () => {
  it('answers closed, unknown and another account’s ids with the same 404, uncharged', async () => {
    const owner = await site.harness.account({ credits: 100 });
    const other = await site.harness.account({ credits: 100 });
    const id = await open(owner);
    const mine = await open(other);

    for (const operation of ['snapshot', 'read', 'screenshot', 'close']) {
      const foreign = await call(other, { operation, session_id: id });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(NOT_FOUND);
    }
    const foreignAct = await call(other, {
      operation: 'act',
      session_id: id,
      actions: [{ type: 'wait', duration: 1 }],
    });
    expect(foreignAct.body).toEqual(NOT_FOUND);
    const unknown = await call(other, { operation: 'read', session_id: 'bs_01ABSENT0000000000000' });
    expect(unknown.body).toEqual(NOT_FOUND);
    await call(owner, { operation: 'close', session_id: id });
    const closed = await call(owner, { operation: 'read', session_id: id });
    expect(closed.body).toEqual(NOT_FOUND);
    expect(await other.balance()).toBe(100 - 3);

    // Lists are per account; the foreign attempts left the owner's session untouched until it closed.
    const list = await call(other, { operation: 'list' });
    expect(list.body.data.sessions.map((session: { sessionId: string }) => session.sessionId)).toEqual([
      mine,
    ]);
    await call(other, { operation: 'close', session_id: mine });
  });
});

describe('caps', () => {
  it('refuses a third live session of one account with 429 SESSION_LIMIT_REACHED, uncharged', async () => {
    const account = await site.harness.account({ credits: 100 });
    const first = await open(account);
    const second = await open(account);
    const third = await call(account, { operation: 'open', url: site.url('/') });
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('SESSION_LIMIT_REACHED');
    expect(await account.balance()).toBe(94);
    await call(account, { operation: 'close', session_id: first });
    const fourth = await open(account);
    await call(account, { operation: 'close', session_id: second });
    await call(account, { operation: 'close', session_id: fourth });
  });

  it('answers 503 with Retry-After when the host is full', async () => {
    const accounts = await Promise.all([1, 2, 3, 4].map(() => site.harness.account({ credits: 100 })));
    const ids: Array<[TestAccount, string]> = [];
    const free = 6 - (site.runtime.localHost?.liveEntries ?? 0);
    for (let n = 0; n < free; n += 1) {
      const account = accounts[Math.floor(n / 2)];
      ids.push([account, await open(account)]);
    }
    const full = await call(accounts[3], { operation: 'open', url: site.url('/') });
    expect(full.status).toBe(503);
    expect(full.body.error.code).toBe('TOOL_NOT_AVAILABLE');
    expect(full.headers.get('retry-after')).toBe('30');
    for (const [account, id] of ids) await call(account, { operation: 'close', session_id: id });
  });
});
