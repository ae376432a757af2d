import { parseConfig } from '../../lib/env.js';
import type { FetchEnvironment } from '../../lib/fetch/types.js';
import { MemoryStore } from '../../lib/kv/memory-store.js';

export interface TestFetchEnvironment extends FetchEnvironment {
  warnings: string[];
  overrides: string[];
}

/**
 * A FetchEnvironment as a tool builds it, with `site.test` and `other.test` mapped to loopback
 * (where the fixture servers listen) and `optout.test` on the permanent opt-out list.
 */
export function testFetchEnv(env: Record<string, string> = {}, signal?: AbortSignal): TestFetchEnvironment {
  const warnings: string[] = [];
  const overrides: string[] = [];
  return {
    config: parseConfig({
      NODE_ENV: 'test',
      FETCH_HOST_MAP: 'site.test=127.0.0.1,other.test=127.0.0.1',
      OPT_OUT_HOSTS: 'optout.test',
      ...env,
    }),
    kv: new MemoryStore(),
    warn: (message) => warnings.push(message),
    recordRobotsOverride: async (url) => {
      overrides.push(url);
    },
    signal,
    warnings,
    overrides,
  };
}

export interface Rejection {
  code: string;
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** The rejection of `promise`; fails the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Rejection> {
  const outcome = await promise.then(
    (value) => ({ resolved: true as const, value }),
    (error: unknown) => ({ resolved: false as const, error }),
  );
  if (outcome.resolved)
    throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value).slice(0, 300)}`);
  return outcome.error as Rejection;
}
