import type { Database } from '../../db/client.js';
import { newId } from '../../ids.js';
import { navigate, preflight } from '../guard/navigation.js';
import { type CallScope, type GuardEnvironment, RequestGuard } from '../guard/request-guard.js';
import type { BrowserInstance } from '../launch/browser-instance.js';
import { readLivePage } from '../page/live-page.js';
import { resolve, runActions } from '../page/run-actions.js';
import { captureScreenshot } from '../page/screenshot.js';
import { RefStore, takeSnapshot } from '../page/snapshot.js';
import { openPlannedContext } from '../render/contexts.js';
import { behaveLikeAReader } from '../stealth/human-behavior.js';
import { defaultStealthConfig } from '../stealth/stealth-config.js';
import type { Clock } from './clock.js';
import type { EntryTable, LiveEntry } from './entry-table.js';
import type { HostCaller, HostOperation } from './protocol.js';
import { listLiveSessions } from './session-registry.js';

/** browser_session's operations on the host (docs/reference/browsers.md#browser_session, docs/reference/browsers.md#session-lifetime). */

export interface HostState {
  instance: BrowserInstance;
  guardEnv: GuardEnvironment;
  db: Database;
  clock: Clock;
  entries: EntryTable;
}

type Params<K extends HostOperation['op']> = Extract<HostOperation, { op: K }>['params'];

/** Snapshot, read and screenshot are quick; they get this long before the page is declared stuck. */
const QUICK_OPERATION_MS = 15_000;

export async function openSession(
  state: HostState,
  caller: HostCaller,
  params: Params<'session.open'>,
  scope: CallScope,
) {
  const release = state.entries.reserve(caller.accountId);
  try {
    // docs/reference/browsers.md#session-lifetime: the URL passes the SSRF guard and robots.txt before anything is launched.
    const check = new RequestGuard(state.guardEnv);
    await check.withCall(scope, () => preflight(check, params.url));
    const planned = await openPlannedContext(state.instance, state.guardEnv, {
      engine: 'engine_a',
      // `stealth: true` is the stealth engine at medium; fixed for the life of the session.
      stealth: params.stealth ? defaultStealthConfig() : null,
      viewport: params.viewport,
    });
    try {
      const page = await planned.guarded.context.newPage();
      const guard = planned.guarded.guard;
      const outcome = await guard.withCall(scope, async () => {
        const navigated = await navigate(page, guard, params.url, { timeoutMs: params.timeout });
        if (planned.profile?.humanBehavior) await behaveLikeAReader(page);
        return navigated;
      });
      const now = state.clock.now();
      const entry: LiveEntry = {
        id: newId('bs'),
        kind: 'session',
        accountId: caller.accountId,
        engine: 'engine_a',
        stealth: params.stealth,
        planned,
        page,
        refs: new RefStore(),
        ttlMs: params.ttl * 1000,
        activityTtlMs: params.activity_ttl * 1000,
        createdAt: now,
        expiresAt: now + params.ttl * 1000,
        idleExpiresAt: now + params.activity_ttl * 1000,
        screenshots: new Map(),
        config: null,
        proxy: null,
        queue: Promise.resolve(),
        closed: false,
      };
      await state.entries.add(entry, caller.apiKeyId, page.url());
      return {
        sessionId: entry.id,
        url: outcome.finalUrl,
        title: await page.title().catch(() => ''),
        status: outcome.status,
        stealth: params.stealth,
        engine: 'engine_a',
        viewport: page.viewportSize(),
        ...clocks(entry),
      };
    } catch (error) {
      await planned.guarded.close();
      throw error;
    }
  } finally {
    release();
  }
}

export async function snapshotSession(
  state: HostState,
  caller: HostCaller,
  params: Params<'session.snapshot'>,
  scope: CallScope,
) {
  const entry = await state.entries.find(caller.accountId, params.sessionId, 'session');
  return state.entries.exclusive(entry, async () => {
    const page = pageOf(entry);
    const snapshot = await entry.planned.guarded.guard.withCall(scope, () =>
      takeSnapshot(page, entry.refs, {
        interactiveOnly: params.interactive_only,
        maxNodes: params.max_nodes,
      }),
    );
    return { sessionId: entry.id, url: page.url(), title: await page.title().catch(() => ''), snapshot };
  });
}

export async function actInSession(
  state: HostState,
  caller: HostCaller,
  params: Params<'session.act'>,
  scope: CallScope,
) {
  const entry = await state.entries.find(caller.accountId, params.sessionId, 'session');
  return state.entries.exclusive(entry, async () => {
    const page = pageOf(entry);
    const guard = entry.planned.guarded.guard;
    const run = await guard.withCall(scope, () =>
      runActions(
        {
          page,
          guard,
          refs: entry.refs,
          keepScreenshot: (shot) => state.entries.keepScreenshot(entry, shot),
        },
        params.actions,
        { continueOnError: params.continue_on_error, timeoutMs: params.timeout },
      ),
    );
    return {
      sessionId: entry.id,
      url: page.url(),
      title: await page.title().catch(() => ''),
      results: run.results,
      completed: run.failed === 0,
      failed: run.failed,
    };
  });
}

export async function readSession(
  state: HostState,
  caller: HostCaller,
  params: Params<'session.read'>,
  scope: CallScope,
) {
  const entry = await state.entries.find(caller.accountId, params.sessionId, 'session');
  return state.entries.exclusive(entry, async () => {
    const live = await entry.planned.guarded.guard.withCall(scope, () => readLivePage(pageOf(entry)));
    return { sessionId: entry.id, ...live };
  });
}

export async function screenshotSession(
  state: HostState,
  caller: HostCaller,
  params: Params<'session.screenshot'>,
  scope: CallScope,
) {
  const entry = await state.entries.find(caller.accountId, params.sessionId, 'session');
  return state.entries.exclusive(entry, async () => {
    const page = pageOf(entry);
    const shot = await entry.planned.guarded.guard.withCall(scope, async () => {
      const element =
        params.selector === undefined
          ? null
          : await resolve({ page, refs: entry.refs }, params.selector, QUICK_OPERATION_MS);
      return captureScreenshot(page, element, {
        fullPage: params.full_page,
        format: params.format,
        quality: params.quality,
        timeoutMs: QUICK_OPERATION_MS,
      });
    });
    return {
      sessionId: entry.id,
      url: page.url(),
      screenshot: state.entries.keepScreenshot(entry, shot),
      format: params.format,
      full_page: params.full_page,
      selector: params.selector ?? null,
      mime_type: shot.mimeType,
      bytes: shot.bytes.length,
    };
  });
}

export async function closeSession(state: HostState, caller: HostCaller, params: Params<'session.close'>) {
  const entry = await state.entries.find(caller.accountId, params.sessionId, 'session');
  await state.entries.exclusive(entry, async () => {});
  await state.entries.close(entry, 'closed');
  return { sessionId: entry.id, closed: true };
}

export async function listSessions(state: HostState, caller: HostCaller) {
  await state.entries.sweep();
  const rows = await listLiveSessions(state.db, caller.accountId, 'session', new Date(state.clock.now()));
  const sessions = rows.map((row) => ({
    sessionId: row.id,
    url: row.url,
    stealth: row.stealth,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    idle_expires_at: row.idleExpiresAt.toISOString(),
  }));
  return { sessions, count: sessions.length };
}

function pageOf(entry: LiveEntry) {
  if (!entry.page) throw new Error(`entry ${entry.id} has no page`);
  return entry.page;
}

/** The two expiry clocks of docs/reference/browsers.md#session-lifetime, as returned by `open` and `list`. */
export function clocks(entry: LiveEntry) {
  return {
    created_at: new Date(entry.createdAt).toISOString(),
    expires_at: new Date(entry.expiresAt).toISOString(),
    idle_expires_at: new Date(entry.idleExpiresAt).toISOString(),
    ttl: Math.round(entry.ttlMs / 1000),
    activity_ttl: Math.round(entry.activityTtlMs / 1000),
  };
}
