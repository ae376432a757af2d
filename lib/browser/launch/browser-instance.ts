import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { ApiError } from '../../errors/api-error.js';
import { logger } from '../../logger.js';
import { type EgressPolicy, EgressProxy } from '../egress/egress-proxy.js';
import type { RequestGuard } from '../guard/request-guard.js';
import { launchChromium, launchFirefox } from './chromium.js';

/**
 * One process's browsers: Chromium (engine_a) launched on first use and again if it dies, Firefox
 * (engine_b) only where installed, and the egress proxy every context of either goes through.
 */

export type EngineName = 'engine_a' | 'engine_b';

export interface BrowserInstanceSettings {
  executablePath: string | null;
  engineBExecutablePath: string | null;
}

export interface ContextRequest {
  engine: EngineName;
  guard: RequestGuard;
  options?: BrowserContextOptions;
  initScripts?: string[];
}

/** A context wired to the guard and the egress proxy; `close` also revokes its proxy credentials. */
export interface GuardedContext {
  context: BrowserContext;
  guard: RequestGuard;
  engine: EngineName;
  close(): Promise<void>;
}

export class BrowserInstance {
  private readonly browsers = new Map<EngineName, Promise<Browser>>();
  private egress: Promise<EgressProxy> | null = null;

  constructor(
    private readonly settings: BrowserInstanceSettings,
    private readonly policy: EgressPolicy,
  ) {}

  get available(): boolean {
    return this.settings.executablePath !== null;
  }

  engineInstalled(engine: EngineName): boolean {
    return engine === 'engine_a'
      ? this.settings.executablePath !== null
      : this.settings.engineBExecutablePath !== null;
  }

  /** Whether a browser process is up right now (stealth_mode get_stats' `browserRunning`). */
  async running(): Promise<boolean> {
    const launched = this.browsers.get('engine_a');
    if (!launched) return false;
    return launched.then(
      (browser) => browser.isConnected(),
      () => false,
    );
  }

  async version(engine: EngineName = 'engine_a'): Promise<string> {
    return (await this.browser(engine)).version();
  }

  async openContext(request: ContextRequest): Promise<GuardedContext> {
    const [browser, egress] = await Promise.all([this.browser(request.engine), this.egressProxy()]);
    const credentials = egress.admit(request.guard);
    let context: BrowserContext;
    try {
      context = await browser.newContext({
        ...request.options,
        proxy: {
          server: egress.url,
          // Chromium sends loopback addresses around a proxy unless told otherwise.
          bypass: '<-loopback>',
          username: credentials.username,
          password: credentials.password,
        },
        // A service worker's fetches are invisible to request interception.
        serviceWorkers: 'block',
        acceptDownloads: false,
      });
      for (const script of request.initScripts ?? []) await context.addInitScript({ content: script });
      await request.guard.install(context);
    } catch (error) {
      credentials.revoke();
      throw error;
    }
    let closed = false;
    return {
      context,
      guard: request.guard,
      engine: request.engine,
      close: async () => {
        if (closed) return;
        closed = true;
        credentials.revoke();
        await context.close().catch(() => {});
      },
    };
  }

  async close(): Promise<void> {
    const browsers = [...this.browsers.values()];
    this.browsers.clear();
    await Promise.all(
      browsers.map((launched) => launched.then((browser) => browser.close()).catch(() => {})),
    );
    const egress = this.egress;
    this.egress = null;
    if (egress) await (await egress).close();
  }

  private egressProxy(): Promise<EgressProxy> {
    this.egress ??= EgressProxy.start(this.policy);
    return this.egress;
  }

  private async browser(engine: EngineName): Promise<Browser> {
    const existing = this.browsers.get(engine);
    if (existing) {
      const browser = await existing.catch(() => null);
      if (browser?.isConnected()) return browser;
      this.browsers.delete(engine);
    }
    const path = engine === 'engine_a' ? this.settings.executablePath : this.settings.engineBExecutablePath;
    if (path === null) {
      throw new ApiError(
        'TOOL_NOT_AVAILABLE',
        engine === 'engine_a'
          ? 'No browser runtime is configured on this deployment'
          : 'engine_b (Firefox-based) is not installed on this deployment; use engine_a',
      );
    }
    const launching = (engine === 'engine_a' ? launchChromium(path) : launchFirefox(path)).catch((error) => {
      logger.error('browser launch failed', { engine, error: String(error) });
      throw new ApiError('TOOL_NOT_AVAILABLE', `The browser could not be started: ${String(error)}`, {
        cause: error,
      });
    });
    this.browsers.set(engine, launching);
    const browser = await launching;
    browser.on('disconnected', () => {
      if (this.browsers.get(engine) === launching) this.browsers.delete(engine);
    });
    return browser;
  }
}
