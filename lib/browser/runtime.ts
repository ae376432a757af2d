import { ApiError } from '../errors/api-error.js';
import type { Services } from '../services.js';
import { type BrowserSettings, readBrowserSettings } from './config.js';
import { escalatePastWall } from './escalation.js';
import type { GuardEnvironment } from './guard/request-guard.js';
import { BrowserHost } from './host/browser-host.js';
import { type Clock, systemClock } from './host/clock.js';
import { type HostClient, LocalHostClient, RemoteHostClient } from './host/host-client.js';
import { BrowserInstance } from './launch/browser-instance.js';
import { PageRenderer } from './render/renderer.js';
import type { BrowserRuntime } from './tier.js';

export interface BrowserRuntimeOptions {
  settings?: BrowserSettings;
  /** The host's clock: tests drive session expiry with a ManualClock. */
  clock?: Clock;
  /** 0 turns the host's sweep timer off. */
  sweepIntervalMs?: number;
  /** A stable id lets a restarted process close the registry rows its previous life left live. */
  hostId?: string;
}

/** Opens the runtime the configuration describes; undefined when this deployment has no browser at all. */
export function openBrowserRuntime(
  services: Pick<Services, 'config' | 'kv' | 'db'>,
  options: BrowserRuntimeOptions = {},
): BrowserRuntime | undefined {
  const settings = options.settings ?? readBrowserSettings();
  if (settings.executablePath === null && settings.host.kind !== 'remote') return undefined;
  const guardEnv: GuardEnvironment = { config: services.config, kv: services.kv };
  const instance = new BrowserInstance(
    { executablePath: settings.executablePath, engineBExecutablePath: settings.engineBExecutablePath },
    services.config,
  );
  const renderer = new PageRenderer(instance, guardEnv);
  let localHost: BrowserHost | null = null;
  let client: HostClient | null = null;
  if (settings.host.kind === 'remote') {
    client = new RemoteHostClient(settings.host.url, settings.host.token);
  } else if (settings.host.kind === 'local' && settings.executablePath !== null) {
    localHost = new BrowserHost({
      instance,
      guardEnv,
      db: services.db,
      clock: options.clock ?? systemClock,
      limits: { maxSessions: settings.maxSessions, maxSessionsPerAccount: settings.maxSessionsPerAccount },
      sweepIntervalMs: options.sweepIntervalMs,
      hostId: options.hostId,
    });
    client = new LocalHostClient(localHost);
  }
  return {
    rendersAvailable: instance.available,
    renderer() {
      if (!instance.available) {
        throw new ApiError('TOOL_NOT_AVAILABLE', 'No browser runtime is configured on this deployment');
      }
      return renderer;
    },
    host() {
      if (!client) {
        throw new ApiError(
          'TOOL_NOT_AVAILABLE',
          'Browser sessions need the browser host, which is not configured on this deployment',
        );
      }
      return client;
    },
    engineInstalled: (engine) => instance.engineInstalled(engine),
    escalate: (scope, wall, request) => escalatePastWall(renderer, scope, wall, request),
    localHost,
    async close() {
      await localHost?.stop();
      await instance.close();
    },
  };
}

/** What a tool declares about the browser tier (ToolDefinition.browser). */
export interface BrowserNeeds {
  open(services: Pick<Services, 'config' | 'kv' | 'db'>): BrowserRuntime | undefined;
  /** Talks to the session host (browser_session, stealth_mode contexts), not only renders. */
  host: boolean;
}

/** Renders in its own function: escalation, scrape_with_actions, form_submit. */
export const RENDERS_IN_BROWSER: BrowserNeeds = {
  open: (services) => openBrowserRuntime(services),
  host: false,
};

/** Also reaches the browser host, where live sessions and stealth contexts are kept. */
export const USES_BROWSER_HOST: BrowserNeeds = {
  open: (services) => openBrowserRuntime(services),
  host: true,
};
