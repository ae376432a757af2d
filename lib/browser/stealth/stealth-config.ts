import { z } from '@hono/zod-openapi';

/**
 * stealth_mode's `stealthConfig` (docs/reference/browsers.md#stealth_mode), also the profile behind browser_session's
 * `stealth: true` and escalation renders (level `medium`, every default). It applies only to the
 * call it is sent on: nothing here is stored.
 */

export const STEALTH_LEVELS = ['basic', 'medium', 'advanced'] as const;
export type StealthLevel = (typeof STEALTH_LEVELS)[number];

export const viewportSchema = z
  .object({
    width: z.number().int().min(800).max(1920).openapi({ example: 1366 }),
    height: z.number().int().min(600).max(1080).openapi({ example: 768 }),
  })
  .strict()
  .openapi({ description: 'Viewport in CSS pixels: width 800–1920, height 600–1080.' });

export type Viewport = z.infer<typeof viewportSchema>;

const flag = (description: string) => z.boolean().default(true).openapi({ description, example: true });

const proxyUrl = z
  .url({
    protocol: /^https?$/,
    error: 'must be an http(s) proxy URL such as http://user:pass@proxy.example:8080',
  })
  .max(2048);

export const proxyRotationSchema = z
  .object({
    enabled: z.boolean().default(true).openapi({ description: 'Route this call through one of `proxies`.' }),
    proxies: z
      .array(proxyUrl)
      .min(1)
      .max(50)
      .openapi({
        description:
          'Your own HTTP proxies, `http://user:pass@host:port`; one is picked at random per context.',
        example: ['http://user:pass@proxy.example.net:8080'],
      }),
  })
  .strict()
  .openapi({
    description:
      'Your own proxy (refused on engine_b). The service exits from a datacenter address otherwise.',
  });

export const stealthConfigSchema = z
  .object({
    level: z
      .enum(STEALTH_LEVELS)
      .default('medium')
      .openapi({
        description:
          'basic: fingerprint, user agent and headers randomised; medium: also WebDriver evasion and canvas/WebGL ' +
          'masking; advanced: also a user agent and client hints that agree with the real TLS fingerprint of the engine.',
        example: 'medium',
      }),
    randomizeFingerprint: flag('Generate a realistic browser fingerprint (screen, hardware, WebGL, codecs).'),
    hideWebDriver: flag('Hide `navigator.webdriver` and headless traces (medium and advanced).'),
    blockWebRTC: flag('Remove WebRTC peer connections so no local address can leak.'),
    spoofTimezone: flag('Set the timezone to `timezone`, or one that fits `locale`.'),
    randomizeHeaders: flag('Send the header set of the generated browser (sec-ch-ua, Accept-Language, ...).'),
    useRandomUserAgent: flag('Use the generated user agent instead of the engine’s own.'),
    simulateHumanBehavior: flag('Move the mouse and scroll like a reader before the page is read.'),
    customUserAgent: z.string().min(1).max(512).optional().openapi({
      description: 'Exact User-Agent; wins over the generated one (not applied on engine_b).',
    }),
    customViewport: viewportSchema.optional(),
    locale: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as en-US')
      .default('en-US')
      .openapi({ description: 'Browser locale and Accept-Language.', example: 'en-US' }),
    timezone: z
      .string()
      .min(1)
      .max(64)
      .refine(isTimeZone, 'must be an IANA timezone such as Europe/Berlin')
      .optional()
      .openapi({
        description: 'IANA timezone; defaults to one that fits `locale`.',
        example: 'America/New_York',
      }),
    proxyRotation: proxyRotationSchema.optional(),
  })
  .strict();

export type StealthConfig = z.output<typeof stealthConfigSchema>;

let defaultConfig: StealthConfig | undefined;

/**
 * The profile escalation renders and `stealth: true` sessions use: level medium, every default.
 * Parsed on first use: a parse at import compiled the schema's validator in every bundle that can
 * escalate, a tenth of a page tool's cold start, for the rare call that renders.
 */
export function defaultStealthConfig(): StealthConfig {
  defaultConfig ??= stealthConfigSchema.parse({});
  return defaultConfig;
}

export function resolveStealthConfig(input: z.input<typeof stealthConfigSchema> | undefined): StealthConfig {
  return stealthConfigSchema.parse(input ?? {});
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A timezone consistent with the locale's region, for `spoofTimezone` without `timezone`. */
const REGION_TIMEZONES: Record<string, string> = {
  US: 'America/New_York',
  CA: 'America/Toronto',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  FR: 'Europe/Paris',
  ES: 'Europe/Madrid',
  IT: 'Europe/Rome',
  NL: 'Europe/Amsterdam',
  SE: 'Europe/Stockholm',
  PL: 'Europe/Warsaw',
  BR: 'America/Sao_Paulo',
  MX: 'America/Mexico_City',
  JP: 'Asia/Tokyo',
  KR: 'Asia/Seoul',
  CN: 'Asia/Shanghai',
  IN: 'Asia/Kolkata',
  AU: 'Australia/Sydney',
};

export function timezoneFor(config: StealthConfig): string | undefined {
  if (!config.spoofTimezone) return undefined;
  if (config.timezone) return config.timezone;
  const region = config.locale.split('-')[1]?.toUpperCase();
  return (region && REGION_TIMEZONES[region]) || 'UTC';
}
