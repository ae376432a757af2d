import { describe, expect, it } from 'vitest';
import { buildStealthProfile, realUserAgent } from '../../lib/browser/stealth/profile.js';
import { maskProxyCredentials, pickProxy } from '../../lib/browser/stealth/proxy-rotation.js';
import { resolveStealthConfig, timezoneFor } from '../../lib/browser/stealth/stealth-config.js';

/** stealthConfig turned into context options and page scripts, level by level (docs/reference/browsers.md#stealth_mode). */

const chromium = { engine: 'engine_a' as const, version: '156.0.8078.79' };
const firefox = { engine: 'engine_b' as const, version: '140.0' };

describe('stealth profiles', () => {
  it('randomises the fingerprint at every level, patching the page only from medium', async () => {
    const basic = await buildStealthProfile(resolveStealthConfig({ level: 'basic' }), chromium);
    const medium = await buildStealthProfile(resolveStealthConfig({ level: 'medium' }), chromium);
    for (const profile of [basic, medium]) {
      expect(profile.fullFingerprint).not.toBeNull();
      expect(profile.contextOptions.userAgent).toBe(profile.fullFingerprint?.fingerprint.navigator.userAgent);
      expect(profile.contextOptions.extraHTTPHeaders?.['accept-language']).toMatch(/^en-US/);
    }
    // basic: the WebRTC block only; medium: the fingerprint injection, the canvas mask, the WebRTC block.
    expect(basic.initScripts).toHaveLength(1);
    expect(basic.fingerprint.webgl).toBeNull();
    expect(medium.initScripts).toHaveLength(3);
    expect(medium.initScripts[1]).toContain('getImageData');
    expect(medium.fingerprint.webgl).toEqual(medium.fullFingerprint?.fingerprint.videoCard);
  });

  it('claims the engine’s real version at advanced, so agent, hints and TLS agree', async () => {
    const profile = await buildStealthProfile(resolveStealthConfig({ level: 'advanced' }), chromium);
    expect(profile.contextOptions.userAgent).toBe(realUserAgent(chromium));
    expect(profile.contextOptions.userAgent).toContain('Chrome/156.0.0.0');
    expect(profile.contextOptions.extraHTTPHeaders?.['sec-ch-ua']).toContain('"Chromium";v="156"');
    expect(profile.fingerprint.platform).toBe('Linux x86_64');
  });

  it('honours the switches and the custom values', async () => {
    const config = resolveStealthConfig({
      randomizeFingerprint: false,
      blockWebRTC: false,
      hideWebDriver: false,
      spoofTimezone: true,
      timezone: 'Asia/Tokyo',
      locale: 'ja-JP',
      customUserAgent: 'AgentOfMine/1.0',
      customViewport: { width: 1000, height: 700 },
    });
    const profile = await buildStealthProfile(config, chromium);
    expect(profile.fullFingerprint).toBeNull();
    expect(profile.contextOptions).toMatchObject({
      userAgent: 'AgentOfMine/1.0',
      viewport: { width: 1000, height: 700 },
      locale: 'ja-JP',
      timezoneId: 'Asia/Tokyo',
      extraHTTPHeaders: { 'accept-language': 'ja-JP,ja;q=0.9' },
    });
    // The canvas mask and the script that shows navigator.webdriver again; no WebRTC block.
    expect(profile.initScripts).toHaveLength(2);
    expect(profile.initScripts[1]).toContain("'webdriver'");
  });

  it('uses the engine’s own agent without client hints when useRandomUserAgent is off', async () => {
    const profile = await buildStealthProfile(resolveStealthConfig({ useRandomUserAgent: false }), chromium);
    expect(profile.contextOptions.userAgent).toBe(realUserAgent(chromium));
    expect(
      Object.keys(profile.contextOptions.extraHTTPHeaders ?? {}).some((name) => name.startsWith('sec-ch-ua')),
    ).toBe(false);
  });

  it('applies neither customUserAgent nor customViewport on engine_b', async () => {
    const config = resolveStealthConfig({
      customUserAgent: 'Mine/1',
      customViewport: { width: 900, height: 700 },
    });
    const profile = await buildStealthProfile(config, firefox);
    expect(profile.contextOptions.userAgent).not.toBe('Mine/1');
    expect(profile.contextOptions.viewport).not.toEqual({ width: 900, height: 700 });
  });

  it('picks a timezone that fits the locale, or none when spoofing is off', () => {
    expect(timezoneFor(resolveStealthConfig({ locale: 'de-DE' }))).toBe('Europe/Berlin');
    expect(timezoneFor(resolveStealthConfig({ locale: 'en' }))).toBe('UTC');
    expect(timezoneFor(resolveStealthConfig({ spoofTimezone: false }))).toBeUndefined();
  });

  it('picks one of the caller’s proxies and never echoes their passwords', () => {
    const config = resolveStealthConfig({
      proxyRotation: { proxies: ['http://u:p1@one.example:8080', 'http://u:p2@two.example:8080'] },
    });
    expect(['http://u:p1@one.example:8080', 'http://u:p2@two.example:8080']).toContain(pickProxy(config));
    expect(pickProxy(resolveStealthConfig({}))).toBeNull();
    expect(maskProxyCredentials(config).proxyRotation?.proxies).toEqual([
      'http://u:****@one.example:8080',
      'http://u:****@two.example:8080',
    ]);
  });
});
