import { z } from 'zod';
import { planNames } from './auth/plans.js';

const hostMapEntry = /^[a-z0-9._-]+=127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i;

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
    /** Hosts on the permanent opt-out list, comma separated; refused whatever `respect_robots` says. */
    OPT_OUT_HOSTS: z.string().default(''),
    /** The product token robots.txt groups are matched on and the User-Agent starts with. */
    ROBOTS_PRODUCT_TOKEN: z.string().default('WebExtractBot'),
    PUBLIC_BASE_URL: z.string().optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.FETCH_HOST_MAP.trim() !== '') {
      ctx.addIssue({
        code: 'custom',
        path: ['FETCH_HOST_MAP'],
        message: 'is a development setting and is refused when NODE_ENV=production',
      });
    }
    for (const entry of splitList(env.FETCH_HOST_MAP)) {
      if (!hostMapEntry.test(entry)) {
        ctx.addIssue({
          code: 'custom',
          path: ['FETCH_HOST_MAP'],
          message: `entry "${entry}" must look like host=127.0.0.1 (loopback only)`,
        });
      }
    }
  });

export type RawEnv = z.infer<typeof envSchema>;

export interface Config extends RawEnv {
  fetchHostMap: Map<string, string>;
  optOutHosts: Set<string>;
  userAgent: string;
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
  return { ...env, fetchHostMap, optOutHosts, userAgent };
}
