import type { Browser } from 'playwright-core';
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

export async function launchChromium(executablePath: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  if (executablePath === SPARTICUZ) {
    const sparticuz = (await import('@sparticuz/chromium')).default;
    return chromium.launch({
      executablePath: await sparticuz.executablePath(),
      args: [...sparticuz.args, ...HARDENING_ARGS],
      headless: true,
    });
  }
  return chromium.launch({
    executablePath,
    headless: true,
    // Containers and CI run as root, where Chromium's sandbox cannot start.
    chromiumSandbox: false,
    args: HARDENING_ARGS,
  });
}

export async function launchFirefox(executablePath: string): Promise<Browser> {
  const { firefox } = await import('playwright-core');
  return firefox.launch({
    executablePath,
    headless: true,
    firefoxUserPrefs: {
      // Firefox sends localhost around a proxy unless told otherwise; the egress proxy must see it all.
      'network.proxy.allow_hijacking_localhost': true,
      'media.peerconnection.enabled': false,
    },
  });
}
