import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { planNames } from './auth/plans.js';

/**
 * Third-party providers (issue 13). Each base URL defaults to the real public API, so a key alone
 * turns a provider on; tests and `npm run fakes` point the URLs at loopback. A provider whose
 * required variable is unset is off, and its tools answer 503 TOOL_NOT_AVAILABLE naming it.
 */
function baseUrl(): z.ZodType<string | undefined, string | undefined>;
function baseUrl(fallback: string): z.ZodType<string, string | undefined>;
function baseUrl(fallback?: string): z.ZodType<string | undefined, string | undefined> {
  // An empty variable counts as unset, so `SEARXNG_URL=` in a .env file turns a provider off.
  return z
    .string()
    .default('')
    .transform((value) => (value.trim() ? value.trim() : fallback))
    .pipe(z.string().url().optional());
}
const secret = z
  .string()
  .default('')
  .transform((value) => (value.trim() ? value.trim() : undefined));

const logLevel = z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info');
export type LogLevel = z.output<typeof logLevel>;

/**
 * LOG_LEVEL alone, as parseConfig reads it: the logger's level before any entry point has parsed
 * the whole configuration (a bad value is left for parseConfig to refuse, loudly).
 */
export function readLogLevel(source: Record<string, string | undefined> = process.env): LogLevel {
  const result = logLevel.safeParse(source.LOG_LEVEL);
  return result.success ? result.data : 'info';
}

const providerVariables = {
  /** SearXNG instance (no public default: an instance must allow `format=json`). */
  SEARXNG_URL: baseUrl(),
  BRAVE_SEARCH_API_KEY: secret,
  BRAVE_SEARCH_URL: baseUrl('https://api.search.brave.com'),
  /** Which search provider answers when both are configured; default the first configured. */
  SEARCH_PROVIDER: z.enum(['searxng', 'brave']).optional(),
  DATAFORSEO_LOGIN: secret,
  DATAFORSEO_PASSWORD: secret,
  DATAFORSEO_URL: baseUrl('https://api.dataforseo.com'),
  ARCTIC_SHIFT_URL: baseUrl('https://arctic-shift.photon-reddit.com'),
  PULLPUSH_URL: baseUrl('https://api.pullpush.io'),
  /** Ollama's own variable: `host:port` or a URL; unset = no local model runtime. */
  OLLAMA_HOST: secret,
  OPENAI_API_KEY: secret,
  OPENAI_BASE_URL: baseUrl('https://api.openai.com/v1'),
  ANTHROPIC_API_KEY: secret,
  ANTHROPIC_BASE_URL: baseUrl('https://api.anthropic.com'),
  /**
   * Caps every provider call's own timeout (milliseconds). Unset, each call keeps its production
   * budget (search 10 s, SERP 20 s, ...); tests set it low so a slow fake fails fast.
   */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).optional(),
};

/** The provider variables, for the deploy to pass from its secret (`-c service:providerSecrets=…`). */
export const PROVIDER_VARIABLE_NAMES = Object.keys(providerVariables);

const hostMapEntry = /^[a-z0-9._-]+=127\.\d{1,3}\.\d{1,3}\.\d{1,3}(?::\d{1,5})?$/i;

/**
 * Configuration, validated once at cold start. A bad environment stops the process with a
 * message naming the variable; there is no switch that turns validation off.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(8787),
    DATABASE_URL: z.string().optional(),
    /** `pg` for a TCP PostgreSQL, `neon` for Neon's serverless driver; inferred from the URL when unset. */
    DATABASE_DRIVER: z.enum(['pglite', 'pg', 'neon']).optional(),
    /** Neon's local-development setting: `host:port/path` of a WebSocket proxy in front of PostgreSQL. */
    NEON_WS_PROXY: z.string().optional(),
    DATA_DIR: z.string().default('.data'),
    REDIS_URL: z.string().optional(),
    UPSTASH_REDIS_REST_URL: z.string().url().optional(),
    UPSTASH_REDIS_REST_TOKEN: z.string().optional(),
    DEV_API_KEY: z.string().min(1).optional(),
    DEV_CREDITS: z.coerce.number().int().min(0).default(100_000),
    DEV_PLAN: z.enum(planNames as [string, ...string[]]).default('business'),
    /** Development only: `host=127.0.0.1` pairs that resolve to loopback and pass the SSRF guard. */
    FETCH_HOST_MAP: z.string().default(''),
    /**
     * Development only: PEM files (comma separated) of CAs the fetcher trusts beside the system roots,
     * so fixture sites can serve HTTPS under real host names.
     */
    FETCH_EXTRA_CA_CERTS: z.string().default(''),
    /** Hosts on the permanent opt-out list, comma separated; refused whatever `respect_robots` says. */
    OPT_OUT_HOSTS: z.string().default(''),
    /** The product token robots.txt groups are matched on and the User-Agent starts with. */
    ROBOTS_PRODUCT_TOKEN: z.string().default('WebExtractBot'),
    PUBLIC_BASE_URL: z.string().optional(),
    /** Monitor emails go through this SMTP server when set (`smtp://user:pass@host:587`). */
    SMTP_URL: z.string().url().optional(),
    /** Sender of monitor emails; in production an address SES has verified. */
    EMAIL_FROM: z.string().min(3).default('Web Extraction Monitors <monitors@localhost>'),
    /**
     * Key of the signed links in monitor emails (confirm an address, unsubscribe). Unset, it is
     * derived from DATABASE_URL in production (secret, and the same for every function) and a
     * fixed development value elsewhere.
     */
    EMAIL_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** SES region when it differs from the function's own (AWS_REGION). */
    SES_REGION: z.string().optional(),
    /** The SQS queue the sweeper sends due checks and webhook retries to (set by infra/). */
    MONITOR_QUEUE_URL: z.string().url().optional(),
    LOG_LEVEL: logLevel,
    ...providerVariables,
  })
  .superRefine((env, ctx) => {
    for (const name of ['FETCH_HOST_MAP', 'FETCH_EXTRA_CA_CERTS'] as const) {
      if (env.NODE_ENV === 'production' && env[name].trim() !== '') {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is a development setting and is refused when NODE_ENV=production',
        });
      }
    }
    for (const file of splitList(env.FETCH_EXTRA_CA_CERTS)) {
      if (!existsSync(file)) {
        ctx.addIssue({ code: 'custom', path: ['FETCH_EXTRA_CA_CERTS'], message: `no such file: ${file}` });
      }
    }
    for (const entry of splitList(env.FETCH_HOST_MAP)) {
      if (!hostMapEntry.test(entry)) {
        ctx.addIssue({
          code: 'custom',
          path: ['FETCH_HOST_MAP'],
          message: `entry "${entry}" must look like host=127.0.0.1 or host=127.0.0.1:8443 (loopback only)`,
        });
      }
    }
  });

export type RawEnv = z.infer<typeof envSchema>;

export interface Config extends RawEnv {
  fetchHostMap: Map<string, string>;
  /** FETCH_EXTRA_CA_CERTS read: PEM texts of the extra trusted CAs. */
  fetchExtraCa: string[];
  optOutHosts: Set<string>;
  userAgent: string;
  /** EMAIL_LINK_SECRET, or its stand-in when unset. */
  emailLinkSecret: string;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function parseConfig(source: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const fetchHostMap = new Map(
    splitList(env.FETCH_HOST_MAP).map((entry) => {
      const [host, address] = entry.split('=');
      return [host.toLowerCase().replace(/\.$/, ''), address] as const;
    }),
  );
  const optOutHosts = new Set(
    splitList(env.OPT_OUT_HOSTS).map((host) => host.toLowerCase().replace(/\.$/, '')),
  );
  const userAgent = `Mozilla/5.0 (compatible; ${env.ROBOTS_PRODUCT_TOKEN}/1.0; +https://github.com/web-extraction-service)`;
  const fetchExtraCa = splitList(env.FETCH_EXTRA_CA_CERTS).map((file) => readFileSync(file, 'utf8'));
  return {
    ...env,
    fetchHostMap,
    fetchExtraCa,
    optOutHosts,
    userAgent,
    emailLinkSecret: emailLinkSecret(env),
  };
}

const DEV_EMAIL_LINK_SECRET = 'development-only-email-link-secret-not-for-production';

function emailLinkSecret(env: RawEnv): string {
  if (env.EMAIL_LINK_SECRET) return env.EMAIL_LINK_SECRET;
  if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
    return createHash('sha256').update(`email-links\n${env.DATABASE_URL}`).digest('hex');
  }
  return DEV_EMAIL_LINK_SECRET;
}
