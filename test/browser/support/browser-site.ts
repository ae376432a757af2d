import { DEBIAN_CHROMIUM } from '../../../lib/browser/config.js';
import { ManualClock } from '../../../lib/browser/host/clock.js';
import { openBrowserRuntime } from '../../../lib/browser/runtime.js';
import type { BrowserRuntime } from '../../../lib/browser/tier.js';
import type { AnyToolSchema, ToolDefinition } from '../../../lib/tools/define.js';
import { type Route, startToolSite, type ToolSite } from '../../support/tool-site.js';

export interface BrowserSite extends ToolSite {
  runtime: BrowserRuntime;
  /** The host's clock: move it to expire sessions. */
  clock: ManualClock;
}

/**
 * A fixture site on loopback and a harness whose services carry a real browser runtime: Debian's
 * Chromium, launched once for the file on first use, with the session host in-process on a manual
 * clock (its sweep timer off, so tests sweep when they mean to).
 */
export async function startBrowserSite(options: {
  host: string;
  routes: Record<string, Route>;
  tools: readonly ToolDefinition<AnyToolSchema>[];
  env?: Record<string, string>;
  maxSessions?: number;
  maxSessionsPerAccount?: number;
}): Promise<BrowserSite> {
  const clock = new ManualClock();
  let runtime: BrowserRuntime | undefined;
  const site = await startToolSite({
    ...options,
    prepare: async (services) => {
      runtime = openBrowserRuntime(services, {
        settings: {
          executablePath: DEBIAN_CHROMIUM,
          engineBExecutablePath: null,
          host: { kind: 'local' },
          maxSessions: options.maxSessions ?? 16,
          maxSessionsPerAccount: options.maxSessionsPerAccount ?? 5,
        },
        clock,
        sweepIntervalMs: 0,
      });
      services.browser = runtime;
      return () => runtime?.close() ?? Promise.resolve();
    },
  });
  if (!runtime) throw new Error('browser runtime did not open');
  return Object.assign(site, { runtime, clock });
}

export const HTML = { 'content-type': 'text/html; charset=utf-8' };

export function page(body: string, head = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
}
