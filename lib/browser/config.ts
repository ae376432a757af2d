import { existsSync } from 'node:fs';
import { z } from 'zod';

/**
 * The browser tier's own settings, read from the environment when a browser tool first needs them.
 * They live apart from lib/env.ts so that no other tool's bundle carries them.
 */

/** Debian's package, which the tests and the dev server use; Lambda uses @sparticuz/chromium instead. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** BROWSER_EXECUTABLE_PATH value that selects @sparticuz/chromium's decompressed binary. */
export const SPARTICUZ = 'sparticuz';

const browserEnvSchema = z.object({
  /** A Chromium binary, `sparticuz`, or `none` to switch the browser tier off. */
  BROWSER_EXECUTABLE_PATH: z.string().min(1).optional(),
  /** A Firefox build playwright-core can drive (engine_b); unset means engine_b is not installed. */
  BROWSER_ENGINE_B_EXECUTABLE_PATH: z.string().min(1).optional(),
  /** Base URL of the browser host that keeps live sessions; unset runs the host in this process. */
  BROWSER_HOST_URL: z.url().optional(),
  /** Shared secret signing the internal protocol between tool functions and the host. */
  BROWSER_HOST_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  BROWSER_MAX_SESSIONS: z.coerce.number().int().min(1).max(500).default(16),
  BROWSER_MAX_SESSIONS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(5),
});

export interface BrowserSettings {
  /** null: no Chromium here, so renders answer 503 TOOL_NOT_AVAILABLE. */
  executablePath: string | null;
  engineBExecutablePath: string | null;
  /** Where sessions live: `local` (this process), `remote` (BROWSER_HOST_URL) or `none` (Lambda without a host). */
  host: { kind: 'local' } | { kind: 'remote'; url: string; token: string } | { kind: 'none' };
  maxSessions: number;
  maxSessionsPerAccount: number;
}

export function readBrowserSettings(
  source: Record<string, string | undefined> = process.env,
): BrowserSettings {
  const parsed = browserEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid browser configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const inLambda = source.AWS_LAMBDA_FUNCTION_NAME !== undefined;
  let host: BrowserSettings['host'];
  if (env.BROWSER_HOST_URL) {
    if (!env.BROWSER_HOST_TOKEN) {
      throw new Error(
        'Invalid browser configuration:\n  BROWSER_HOST_TOKEN: is required with BROWSER_HOST_URL',
      );
    }
    host = { kind: 'remote', url: env.BROWSER_HOST_URL.replace(/\/$/, ''), token: env.BROWSER_HOST_TOKEN };
  } else {
    // A Lambda instance is frozen between calls and recycled at will: a session kept in it would
    // vanish under its owner. Without a host, sessions are simply not offered there.
    host = inLambda ? { kind: 'none' } : { kind: 'local' };
  }
  return {
    executablePath: chooseExecutable(env.BROWSER_EXECUTABLE_PATH, inLambda),
    engineBExecutablePath: env.BROWSER_ENGINE_B_EXECUTABLE_PATH ?? null,
    host,
    maxSessions: env.BROWSER_MAX_SESSIONS,
    maxSessionsPerAccount: env.BROWSER_MAX_SESSIONS_PER_ACCOUNT,
  };
}

function chooseExecutable(configured: string | undefined, inLambda: boolean): string | null {
  if (configured === 'none') return null;
  if (configured) return configured;
  if (inLambda) return SPARTICUZ;
  return existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : null;
}
