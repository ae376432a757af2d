import type { Browser } from 'playwright-core';
import { logger } from '../../logger.js';
import { SPARTICUZ } from '../config.js';

/**
 * Chromium through playwright-core: Debian's binary locally and in tests, @sparticuz/chromium's in
 * Lambda. Both packages are loaded here and only here, on first use, so that no bundle of a tool
 * that never renders carries them and a browser tool's module loads without them.
 */

/**
 * Flags for every launch. Chromium's own background traffic (updates, safe browsing, sync, metrics)
 * is switched off so that what leaves through the egress proxy is the page's and nothing else.
 * WebRTC may only use proxied connections: HTTP proxies carry no UDP, so a page cannot send STUN
 * packets to a private address around the proxy.
 */
const HARDENING_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-default-apps',
  '--metrics-recording-only',
  '--no-pings',
  '--no-first-run',
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,InterestFeedContentSuggestions',
  '--force-webrtc-ip-handling-policy',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-dev-shm-usage',
];

/**
 * What the browser's processes may see of ours: where things are, the locale and the time zone.
 * Named rather than filtered, so no secret of the process (DATABASE_URL, the Upstash token, the
 * host token, provider keys, the AWS credentials Lambda puts in the environment) reaches a process
 * that runs page code, whatever name a new one is given.
 */
const BROWSER_ENVIRONMENT = [
  'PATH',
  'HOME',
  'TMPDIR',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'FONTCONFIG_PATH',
  'FONTCONFIG_FILE',
  'LD_LIBRARY_PATH',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  'XDG_RUNTIME_DIR',
];

export function browserEnvironment(source: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of BROWSER_ENVIRONMENT) {
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/**
 * Chromium refuses its sandbox to root, and Lambda's sandbox-less runtime cannot host one
 * (@sparticuz/chromium passes --no-sandbox). Anywhere else (the browser host's container runs as
 * `node`, a developer's machine) it runs sandboxed.
 */
export function sandboxPossible(uid = process.getuid?.()): boolean {
  return uid !== 0;
}

export async function launchChromium(executablePath: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  if (executablePath === SPARTICUZ) {
    const sparticuz = (await import('@sparticuz/chromium')).default;
    // executablePath() unpacks the binary and sets LD_LIBRARY_PATH/FONTCONFIG_PATH: read them after.
    const binary = await sparticuz.executablePath();
    return chromium.launch({
      executablePath: binary,
      args: [...sparticuz.args, ...HARDENING_ARGS],
      headless: true,
      env: browserEnvironment(),
    });
  }
  const launch = (sandbox: boolean) =>
    chromium.launch({
      executablePath,
      headless: true,
      chromiumSandbox: sandbox,
      args: HARDENING_ARGS,
      env: browserEnvironment(),
    });
  if (!sandboxPossible()) return launch(false);
  try {
    return await launch(true);
  } catch (error) {
    // A kernel or seccomp profile without user namespaces: serve without the sandbox rather than
    // not at all, and say so where an operator looks.
    if (!/sandbox/i.test(String(error))) throw error;
    logger.error('chromium sandbox unavailable; running without it', { error: String(error).slice(0, 500) });
    return launch(false);
  }
}

export async function launchFirefox(executablePath: string): Promise<Browser> {
  const { firefox } = await import('playwright-core');
  return firefox.launch({
    executablePath,
    headless: true,
    env: browserEnvironment(),
    firefoxUserPrefs: {
      // Firefox sends localhost around a proxy unless told otherwise; the egress proxy must see it all.
      'network.proxy.allow_hijacking_localhost': true,
      'media.peerconnection.enabled': false,
    },
  });
}
