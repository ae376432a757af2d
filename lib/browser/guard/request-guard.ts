import type { BrowserContext, Route } from 'playwright-core';
import { ApiError } from '../../errors/api-error.js';
import { robotsGate } from '../../fetch/fetch-page.js';
import type { FetchEnvironment } from '../../fetch/types.js';
import { checkTarget, parseTargetUrl } from '../../fetch/url-policy.js';
import type { EgressTenant, UpstreamProxy } from '../egress/egress-proxy.js';

/**
 * The per-request half of the browser's network rules, installed on every context: each request a
 * page makes (navigation, iframe, subresource, `fetch` in page code) passes the URL policy and
 * robots.txt before the browser may send it; a refused one is aborted and remembered, so that a
 * failed navigation can be answered with the reason. The socket-level half (addresses, redirect
 * hops) is the egress proxy; this class is also that proxy's tenant, so both halves report here.
 *
 * `respect_robots` is per call and never remembered: a call runs inside `withCall`, which brings its
 * own robots gate, warnings and override records. Requests a page makes between calls (timers,
 * background fetches) get the strict default: robots.txt respected, nothing recorded.
 */

export type GuardEnvironment = Pick<FetchEnvironment, 'config' | 'kv'>;

/** What one call contributes: its `respect_robots`, where warnings go, how overrides are recorded. */
export interface CallScope {
  respectRobots: boolean;
  warn(message: string): void;
  recordRobotsOverride(url: string): Promise<void>;
  signal?: AbortSignal;
}

export interface Refusal {
  target: string;
  error: ApiError;
  /** Seen by the interception as a navigation; refusals from the egress proxy do not know. */
  navigation: boolean | null;
  seq: number;
}

/**
 * The fetcher's robots gate, made fresh for each request: a gate lets a URL it has seen pass the
 * second time (it dedupes Retry-After retries), which a long-lived page must not get away with.
 */
type Gate = (url: URL, signal: AbortSignal) => Promise<void>;

const KEPT_REFUSALS = 50;

interface Dedupe {
  warned: Set<string>;
  recorded: Set<string>;
  origins: Set<string>;
}
const dedupes = new WeakMap<CallScope, Dedupe>();

function dedupeFor(scope: CallScope): Dedupe {
  let dedupe = dedupes.get(scope);
  if (!dedupe) {
    dedupe = { warned: new Set(), recorded: new Set(), origins: new Set() };
    dedupes.set(scope, dedupe);
  }
  return dedupe;
}
const never = new AbortController().signal;

export class RequestGuard implements EgressTenant {
  private gates: { navigation: Gate; subrequest: Gate; signal: AbortSignal };
  private readonly background: { navigation: Gate; subrequest: Gate; signal: AbortSignal };
  private readonly refusals: Refusal[] = [];
  private seq = 0;

  constructor(
    private readonly env: GuardEnvironment,
    readonly upstream: UpstreamProxy | null = null,
  ) {
    this.background = this.gatesFor({
      respectRobots: true,
      warn: () => {},
      recordRobotsOverride: async () => {},
    });
    this.gates = this.background;
  }

  get config(): GuardEnvironment['config'] {
    return this.env.config;
  }

  async install(context: BrowserContext): Promise<void> {
    await context.route('**/*', (route) => this.screen(route));
  }

  /** Runs `fn` with this call's robots rules and reporting; calls on one guard never overlap. */
  async withCall<T>(scope: CallScope, fn: () => Promise<T>): Promise<T> {
    this.gates = this.gatesFor(scope);
    try {
      return await fn();
    } finally {
      this.gates = this.background;
    }
  }

  /** robots.txt for a URL the service is about to open itself (open, navigate): 403 before any request. */
  async checkNavigation(url: URL): Promise<void> {
    await this.gates.navigation(url, this.gates.signal);
  }

  onRefusal(target: string, error: ApiError, navigation: boolean | null = null): void {
    this.seq += 1;
    this.refusals.push({ target, error, navigation, seq: this.seq });
    if (this.refusals.length > KEPT_REFUSALS) this.refusals.shift();
  }

  /** A position in the refusal log, to ask later what was refused after it. */
  mark(): number {
    return this.seq;
  }

  /** The refusal that best explains a navigation that failed after `mark`, if any. */
  refusalSince(mark: number): ApiError | null {
    const recent = this.refusals.filter((refusal) => refusal.seq > mark);
    const navigation = recent.filter((refusal) => refusal.navigation !== false);
    return (navigation.at(-1) ?? recent.at(-1))?.error ?? null;
  }

  /** Navigation refusals after `mark` (a click whose target was refused). */
  navigationRefusalSince(mark: number): ApiError | null {
    const found = this.refusals.filter((refusal) => refusal.seq > mark && refusal.navigation === true);
    return found.at(-1)?.error ?? null;
  }

  private async screen(route: Route): Promise<void> {
    const request = route.request();
    const url = request.url();
    if (!/^https?:/i.test(url)) {
      await route.continue().catch(() => {});
      return;
    }
    const navigation = request.isNavigationRequest();
    try {
      const target = parseTargetUrl(url);
      checkTarget(target, this.env.config);
      const gates = this.gates;
      await (navigation ? gates.navigation : gates.subrequest)(target, gates.signal);
    } catch (error) {
      const refusal =
        error instanceof ApiError
          ? error
          : new ApiError('FETCH_FAILED', `Could not check ${url}: ${String(error)}`, { cause: error });
      this.onRefusal(url, refusal, navigation);
      await route.abort('blockedbyclient').catch(() => {});
      return;
    }
    await route.continue().catch(() => {});
  }

  private gatesFor(scope: CallScope) {
    const base = { config: this.env.config, kv: this.env.kv, signal: scope.signal };
    const options = { timeoutMs: 0, respectRobots: scope.respectRobots };
    // The service's own check before a navigation and the interception of that same request (by
    // another guard, before the context exists) see one URL twice: one override per call.
    const { warned, recorded, origins: overriddenOrigins } = dedupeFor(scope);
    const navigationEnv = {
      ...base,
      warn: (message: string) => {
        if (warned.has(message)) return;
        warned.add(message);
        scope.warn(message);
      },
      recordRobotsOverride: async (url: string) => {
        if (recorded.has(url)) return;
        recorded.add(url);
        await scope.recordRobotsOverride(url);
      },
    };
    // A page may pull dozens of disallowed assets from one origin: one warning and one override
    // record per origin say the same as one per asset.
    const token = this.env.config.ROBOTS_PRODUCT_TOKEN;
    const subrequestEnv = {
      ...base,
      warn: () => {},
      recordRobotsOverride: async (url: string) => {
        const origin = new URL(url).origin;
        if (overriddenOrigins.has(origin)) return;
        overriddenOrigins.add(origin);
        scope.warn(
          `robots.txt disallows requests the page made to ${origin} for ${token}; fetched because respect_robots is false`,
        );
        await scope.recordRobotsOverride(url);
      },
    };
    return {
      navigation: ((url, signal) => robotsGate(navigationEnv, options)(url, signal)) as Gate,
      subrequest: ((url, signal) => robotsGate(subrequestEnv, options)(url, signal)) as Gate,
      signal: scope.signal ?? never,
    };
  }
}
