import type { UpstreamProxy } from '../egress/egress-proxy.js';
import { type GuardEnvironment, RequestGuard } from '../guard/request-guard.js';
import type { BrowserInstance, EngineName, GuardedContext } from '../launch/browser-instance.js';
import { buildStealthProfile, realUserAgent, type StealthProfile } from '../stealth/profile.js';
import type { StealthConfig, Viewport } from '../stealth/stealth-config.js';

/** What a context is made for: the engine, a stealth profile or none, a viewport, a proxy of the caller's. */
export interface ContextPlan {
  engine: EngineName;
  /** null: a plain context that says who it is (the engine's user agent plus the product token). */
  stealth: StealthConfig | null;
  viewport?: Viewport;
  upstream?: UpstreamProxy | null;
}

export interface PlannedContext {
  guarded: GuardedContext;
  profile: StealthProfile | null;
}

export const DEFAULT_VIEWPORT: Viewport = { width: 1280, height: 800 };

export async function openPlannedContext(
  instance: BrowserInstance,
  guardEnv: GuardEnvironment,
  plan: ContextPlan,
): Promise<PlannedContext> {
  const identity = { engine: plan.engine, version: await instance.version(plan.engine) };
  const guard = new RequestGuard(guardEnv, plan.upstream ?? null);
  if (plan.stealth === null) {
    const guarded = await instance.openContext({
      engine: plan.engine,
      guard,
      options: {
        // Unlike the stealth profiles, a plain render is honest about what it is.
        userAgent: `${realUserAgent(identity)} ${guardEnv.config.ROBOTS_PRODUCT_TOKEN}/1.0`,
        viewport: plan.viewport ?? DEFAULT_VIEWPORT,
        locale: 'en-US',
      },
    });
    return { guarded, profile: null };
  }
  const profile = await buildStealthProfile(plan.stealth, identity);
  if (plan.viewport) {
    profile.contextOptions.viewport = plan.viewport;
    profile.fingerprint.viewport = plan.viewport;
  }
  const guarded = await instance.openContext({
    engine: plan.engine,
    guard,
    options: profile.contextOptions,
    initScripts: profile.initScripts,
  });
  return { guarded, profile };
}

/** `http://user:pass@host:port` of proxyRotation as the egress proxy's upstream. */
export function upstreamFrom(proxyUrl: string): UpstreamProxy {
  const url = new URL(proxyUrl);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    ...(url.username
      ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
      : {}),
  };
}
