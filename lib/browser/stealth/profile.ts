import { randomInt } from 'node:crypto';
import type { BrowserFingerprintWithHeaders, FingerprintGenerator } from 'fingerprint-generator';
import type { BrowserContextOptions } from 'playwright-core';
import type { EngineName } from '../launch/browser-instance.js';
import { BLOCK_WEBRTC_SCRIPT, canvasMaskScript, SHOW_WEBDRIVER_SCRIPT } from './page-scripts.js';
import { type StealthConfig, type StealthLevel, timezoneFor, type Viewport } from './stealth-config.js';

/**
 * A stealth configuration turned into what a browser context is made with: options, init scripts,
 * and the fingerprint behind them. Fingerprints and their header sets come from Apify's
 * fingerprint-generator (a Bayesian network over real browser captures), injected with
 * fingerprint-injector: realistic combinations rather than a hand-made list of user agents.
 *
 * What each level adds (docs/reference/browsers.md#stealth_mode):
 * - basic: a generated fingerprint at the context level: user agent, viewport, locale, timezone and
 *   the generated header set; nothing is patched inside the page, so `navigator.webdriver` shows.
 * - medium: the fingerprint injected into the page (navigator, screen, WebGL vendor and renderer,
 *   codecs, battery, headless traces), `navigator.webdriver` hidden, canvas and WebGL read-backs masked.
 * - advanced: as medium, but the user agent and client hints name the engine's real version, so they
 *   agree with the TLS and HTTP/2 fingerprint the real browser presents (Chromium's own network
 *   stack carries every request end to end).
 */

export interface FingerprintSummary {
  userAgent: string;
  platform: string | null;
  viewport: Viewport;
  screen: { width: number; height: number } | null;
  locale: string;
  timezone: string | null;
  hardwareConcurrency: number | null;
  deviceMemory: number | null;
  webgl: { vendor: string; renderer: string } | null;
}

export interface StealthProfile {
  level: StealthLevel;
  contextOptions: BrowserContextOptions;
  initScripts: string[];
  fingerprint: FingerprintSummary;
  /** The whole generated fingerprint, for `verbose`. */
  fullFingerprint: BrowserFingerprintWithHeaders | null;
  humanBehavior: boolean;
}

export interface EngineIdentity {
  engine: EngineName;
  /** e.g. `156.0.8078.79` */
  version: string;
}

const DEFAULT_VIEWPORT: Viewport = { width: 1280, height: 800 };
// Headers that depend on the request (or that the context sets itself): the generated set keeps
// only the browser-wide ones, as fingerprint-injector does.
const REQUEST_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'cache-control',
  'pragma',
  'sec-fetch-dest',
  'sec-fetch-mode',
  'sec-fetch-site',
  'sec-fetch-user',
  'upgrade-insecure-requests',
  'te',
  'user-agent',
]);

let generator: Promise<FingerprintGenerator> | null = null;

/** The generator loads its network (~0.7 s) once per process. */
function fingerprintGenerator(): Promise<FingerprintGenerator> {
  generator ??= import('fingerprint-generator').then(
    ({ FingerprintGenerator }) => new FingerprintGenerator(),
  );
  return generator;
}

/** The engine's own user agent without its headless marker: what a real browser of that build sends. */
export function realUserAgent(identity: EngineIdentity): string {
  const major = identity.version.split('.')[0];
  if (identity.engine === 'engine_b') {
    return `Mozilla/5.0 (X11; Linux x86_64; rv:${major}.0) Gecko/20100101 Firefox/${major}.0`;
  }
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}

export async function buildStealthProfile(
  config: StealthConfig,
  identity: EngineIdentity,
): Promise<StealthProfile> {
  const pageLevel = config.level !== 'basic';
  const generated = config.randomizeFingerprint ? await generate(config, identity) : null;
  const real = realUserAgent(identity);
  if (generated && config.level === 'advanced') alignWithEngine(generated, identity, real);

  // engine_b (Firefox) takes neither a custom user agent nor a custom viewport (docs/reference/browsers.md#stealth_mode).
  const customAgent = identity.engine === 'engine_a' ? config.customUserAgent : undefined;
  const customViewport = identity.engine === 'engine_a' ? config.customViewport : undefined;
  const userAgent =
    customAgent ??
    (config.useRandomUserAgent && generated ? generated.fingerprint.navigator.userAgent : real);
  const viewport = customViewport ?? (generated ? viewportOf(generated) : DEFAULT_VIEWPORT);
  const timezone = timezoneFor(config);
  const hintsMatchAgent = customAgent === undefined && (userAgent !== real || config.level === 'advanced');
  const headers = headerSet(config, generated, hintsMatchAgent);

  const initScripts: string[] = [];
  if (pageLevel && generated) {
    const { FingerprintInjector } = await import('fingerprint-injector');
    // The injected navigator must say what the context's User-Agent header says.
    generated.fingerprint.navigator.userAgent = userAgent;
    generated.fingerprint.mockWebRTC = false;
    initScripts.push(new FingerprintInjector().getInjectableScript(generated));
  }
  if (pageLevel) {
    initScripts.push(canvasMaskScript(randomInt(2 ** 31)));
    if (!config.hideWebDriver) initScripts.push(SHOW_WEBDRIVER_SCRIPT);
  }
  if (config.blockWebRTC) initScripts.push(BLOCK_WEBRTC_SCRIPT);

  const contextOptions: BrowserContextOptions = {
    userAgent,
    viewport,
    locale: config.locale,
    ...(timezone ? { timezoneId: timezone } : {}),
    extraHTTPHeaders: headers,
  };
  const navigator = generated?.fingerprint.navigator;
  return {
    level: config.level,
    contextOptions,
    initScripts,
    fingerprint: {
      userAgent,
      platform: navigator?.platform ?? null,
      viewport,
      screen: generated
        ? { width: generated.fingerprint.screen.width, height: generated.fingerprint.screen.height }
        : null,
      locale: config.locale,
      timezone: timezone ?? null,
      hardwareConcurrency: navigator?.hardwareConcurrency ?? null,
      deviceMemory: navigator?.deviceMemory ?? null,
      webgl: pageLevel && generated ? generated.fingerprint.videoCard : null,
    },
    fullFingerprint: generated,
    humanBehavior: config.simulateHumanBehavior,
  };
}

async function generate(
  config: StealthConfig,
  identity: EngineIdentity,
): Promise<BrowserFingerprintWithHeaders> {
  const name = identity.engine === 'engine_b' ? 'firefox' : 'chrome';
  return (await fingerprintGenerator()).getFingerprint({
    browsers: [{ name }],
    devices: ['desktop'],
    operatingSystems: ['windows', 'macos', 'linux'],
    locales: [config.locale],
    screen: { minWidth: 800, maxWidth: 1920, minHeight: 600, maxHeight: 1080 },
  });
}

/**
 * advanced: keep the generated hardware, screen and WebGL, but claim the engine's real version so
 * that the user agent, the client hints and the TLS fingerprint tell the same story.
 */
function alignWithEngine(generated: BrowserFingerprintWithHeaders, identity: EngineIdentity, real: string) {
  const major = identity.version.split('.')[0];
  const navigator = generated.fingerprint.navigator;
  navigator.userAgent = real;
  navigator.appVersion = real.replace(/^Mozilla\//, '');
  navigator.platform = 'Linux x86_64';
  if (identity.engine === 'engine_a' && navigator.userAgentData) {
    const brands = [
      { brand: 'Chromium', version: major },
      { brand: 'Google Chrome', version: major },
      { brand: 'Not.A/Brand', version: '99' },
    ];
    navigator.userAgentData = {
      ...navigator.userAgentData,
      brands,
      fullVersionList: brands.map((brand) => ({
        ...brand,
        version: brand.brand === 'Not.A/Brand' ? '99.0.0.0' : identity.version,
      })),
      platform: 'Linux',
      uaFullVersion: identity.version,
    };
    generated.headers['sec-ch-ua'] = brands
      .map((brand) => `"${brand.brand}";v="${brand.version}"`)
      .join(', ');
    generated.headers['sec-ch-ua-platform'] = '"Linux"';
  }
}

function viewportOf(generated: BrowserFingerprintWithHeaders): Viewport {
  const screen = generated.fingerprint.screen;
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));
  return {
    width: clamp(screen.innerWidth || screen.width, 800, 1920),
    height: clamp(screen.innerHeight || screen.height, 600, 1080),
  };
}

/**
 * `randomizeHeaders` sends the generated browser's own header set. Client hints are sent only when
 * they describe the user agent actually used; otherwise the engine's own stay.
 */
function headerSet(
  config: StealthConfig,
  generated: BrowserFingerprintWithHeaders | null,
  hintsMatchAgent: boolean,
): Record<string, string> {
  const headers: Record<string, string> = { 'accept-language': acceptLanguage(config.locale) };
  if (!config.randomizeHeaders || !generated) return headers;
  for (const [name, value] of Object.entries(generated.headers)) {
    const lower = name.toLowerCase();
    if (REQUEST_HEADERS.has(lower)) continue;
    if (lower.startsWith('sec-ch-ua') && !hintsMatchAgent) continue;
    headers[lower] = value;
  }
  return headers;
}

function acceptLanguage(locale: string): string {
  const language = locale.split('-')[0];
  return language === locale ? locale : `${locale},${language};q=0.9`;
}
