import { newId } from '../../ids.js';
import { navigate } from '../guard/navigation.js';
import type { CallScope } from '../guard/request-guard.js';
import { RefStore } from '../page/snapshot.js';
import { openPlannedContext, upstreamFrom } from '../render/contexts.js';
import { behaveLikeAReader } from '../stealth/human-behavior.js';
import { maskProxyCredentials } from '../stealth/proxy-rotation.js';
import type { LiveEntry } from './entry-table.js';
import type { HostCaller, HostOperation } from './protocol.js';
import type { HostState } from './session-operations.js';

/**
 * stealth_mode's contexts on the host (docs/reference/browsers.md#stealth_mode): `create_context` keeps a fingerprinted
 * context alive, `create_page` opens a URL in it and closes the page on return, `get_stats` and
 * `cleanup` act on the caller's own contexts only. A context's lifetime is not in the spec: one hour
 * at most, ten idle minutes.
 */

export const CONTEXT_TTL_SECONDS = 3600;
export const CONTEXT_IDLE_SECONDS = 600;
/** Fingerprints a host keeps per account for get_stats' `totalFingerprintsSaved`, until cleanup. */
const KEPT_FINGERPRINTS = 100;

type Params<K extends HostOperation['op']> = Extract<HostOperation, { op: K }>['params'];

/** What the host remembers per account beyond its live contexts. */
export class FingerprintLedger {
  private readonly saved = new Map<string, number>();
  private readonly lastProxy = new Map<string, string>();

  save(accountId: string, proxy: string | null): void {
    this.saved.set(accountId, Math.min(KEPT_FINGERPRINTS, (this.saved.get(accountId) ?? 0) + 1));
    if (proxy) this.lastProxy.set(accountId, proxy);
  }

  count(accountId: string): number {
    return this.saved.get(accountId) ?? 0;
  }

  proxy(accountId: string): string | null {
    return this.lastProxy.get(accountId) ?? null;
  }

  forget(accountId: string): void {
    this.saved.delete(accountId);
    this.lastProxy.delete(accountId);
  }
}

export async function createContext(
  state: HostState & { fingerprints: FingerprintLedger },
  caller: HostCaller,
  params: Params<'context.create'>,
) {
  const release = state.entries.reserve(caller.accountId);
  try {
    const planned = await openPlannedContext(state.instance, state.guardEnv, {
      engine: params.engine,
      stealth: params.config,
      upstream: params.proxy ? upstreamFrom(params.proxy) : null,
    });
    const now = state.clock.now();
    const entry: LiveEntry = {
      id: newId('ctx'),
      kind: 'context',
      accountId: caller.accountId,
      engine: params.engine,
      stealth: true,
      planned,
      page: null,
      refs: new RefStore(),
      ttlMs: CONTEXT_TTL_SECONDS * 1000,
      activityTtlMs: CONTEXT_IDLE_SECONDS * 1000,
      createdAt: now,
      expiresAt: now + CONTEXT_TTL_SECONDS * 1000,
      idleExpiresAt: now + CONTEXT_IDLE_SECONDS * 1000,
      screenshots: new Map(),
      config: params.config,
      proxy: params.proxy,
      queue: Promise.resolve(),
      closed: false,
    };
    try {
      await state.entries.add(entry, caller.apiKeyId, null);
    } catch (error) {
      await planned.guarded.close();
      throw error;
    }
    state.fingerprints.save(caller.accountId, params.proxy);
    const profile = planned.profile;
    return {
      contextId: entry.id,
      engine: params.engine,
      stealthConfig: maskProxyCredentials(params.config),
      fingerprint: params.verbose ? profile?.fullFingerprint : profile?.fingerprint,
      expires_at: new Date(entry.expiresAt).toISOString(),
      idle_expires_at: new Date(entry.idleExpiresAt).toISOString(),
      message:
        `Stealth context ready at level ${params.config.level}; open pages in it with operation create_page ` +
        `and contextId ${entry.id}. It closes after ${CONTEXT_IDLE_SECONDS / 60} idle minutes, ` +
        `${CONTEXT_TTL_SECONDS / 60} minutes at most, or on cleanup.`,
    };
  } finally {
    release();
  }
}

/** What a detection script would read in the page: the proof that the profile took. */
const PAGE_CHECKS = `(() => {
  let webgl = null;
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    const info = gl && gl.getExtension('WEBGL_debug_renderer_info');
    if (info) webgl = { vendor: gl.getParameter(info.UNMASKED_VENDOR_WEBGL), renderer: gl.getParameter(info.UNMASKED_RENDERER_WEBGL) };
  } catch {}
  return {
    webdriver: navigator.webdriver === true,
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    languages: Array.from(navigator.languages || []),
    hardwareConcurrency: navigator.hardwareConcurrency,
    deviceMemory: navigator.deviceMemory === undefined ? null : navigator.deviceMemory,
    plugins: navigator.plugins ? navigator.plugins.length : 0,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    screen: { width: screen.width, height: screen.height },
    webrtc: typeof window.RTCPeerConnection === 'function',
    webgl,
  };
})()`;

export async function openPageInContext(
  state: HostState,
  caller: HostCaller,
  params: Params<'context.page'>,
  scope: CallScope,
) {
  const entry = await state.entries.find(caller.accountId, params.contextId, 'context');
  return state.entries.exclusive(entry, async () => {
    const guard = entry.planned.guarded.guard;
    const page = await entry.planned.guarded.context.newPage();
    try {
      return await guard.withCall(scope, async () => {
        const outcome = await navigate(page, guard, params.url, {
          timeoutMs: params.timeout,
          timeoutCode: 'MCP_UPSTREAM_TIMEOUT',
        });
        if (entry.planned.profile?.humanBehavior) await behaveLikeAReader(page);
        return {
          contextId: entry.id,
          url: params.url,
          final_url: outcome.finalUrl,
          status: outcome.status,
          title: await page.title().catch(() => ''),
          checks: await page.evaluate(PAGE_CHECKS),
          page_closed: true,
        };
      });
    } finally {
      await page.close().catch(() => {});
    }
  });
}

export async function contextStats(
  state: HostState & { fingerprints: FingerprintLedger },
  caller: HostCaller,
) {
  await state.entries.sweep();
  const contexts = state.entries.ofAccount(caller.accountId, 'context');
  const proxies = new Set(contexts.flatMap((entry) => entry.config?.proxyRotation?.proxies ?? []));
  const current = state.fingerprints.proxy(caller.accountId);
  return {
    activeContexts: contexts.length,
    totalFingerprintsSaved: state.fingerprints.count(caller.accountId),
    browserRunning: await state.instance.running(),
    humanBehaviorActive: contexts.some((entry) => entry.config?.simulateHumanBehavior === true),
    proxyStatus: {
      enabled: contexts.some((entry) => entry.proxy !== null),
      currentProxy: current ? maskProxyUrl(current) : null,
      totalProxies: proxies.size,
    },
  };
}

export async function cleanupContexts(
  state: HostState & { fingerprints: FingerprintLedger },
  caller: HostCaller,
) {
  const contexts = state.entries.ofAccount(caller.accountId, 'context');
  for (const entry of contexts) await state.entries.close(entry, 'cleanup');
  state.fingerprints.forget(caller.accountId);
  return {
    cleaned: contexts.length,
    message:
      contexts.length === 0
        ? 'No stealth contexts were open'
        : `Closed ${contexts.length} stealth context${contexts.length === 1 ? '' : 's'} and forgot their fingerprints`,
  };
}

function maskProxyUrl(proxy: string): string {
  const url = new URL(proxy);
  return `${url.protocol}//${url.host}`;
}
