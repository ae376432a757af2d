import type { FetchEnvironment } from '../types.js';
import { rulesAllow } from './match.js';
import { parseRobots, selectGroup } from './parse.js';
import type { RobotsFileFetcher, RobotsGroup, RobotsVerdict } from './types.js';

/** RFC 9309 §2.4: a fetched file may be reused for up to 24 hours. */
const CACHE_TTL_SECONDS = 24 * 60 * 60;
/** Short, so one transient outage does not keep a host closed for the whole day. */
const SERVER_ERROR_TTL_SECONDS = 60;

/**
 * What the cache holds per origin: the outcome class and, for a parsed file, only the group that
 * applies to our token (a few hundred bytes instead of up to 500 KiB of raw text in Redis). The
 * token is stored too, so changing ROBOTS_PRODUCT_TOKEN cannot reuse a group chosen for the old one.
 */
type CachedRobots =
  | { v: 1; kind: 'allow-all' }
  | { v: 1; kind: 'disallow-all' }
  | { v: 1; kind: 'rules'; token: string; group: RobotsGroup };

function cacheKey(url: URL): string {
  return `robots:${url.protocol}//${url.host}`;
}

async function readCache(env: FetchEnvironment, key: string): Promise<CachedRobots | null> {
  try {
    const raw = await env.kv.get(key);
    if (raw === null) return null;
    const cached = JSON.parse(raw) as CachedRobots;
    if (cached.v !== 1) return null;
    if (cached.kind === 'rules' && cached.token !== env.config.ROBOTS_PRODUCT_TOKEN) return null;
    return cached;
  } catch {
    // The store holds caches only; an outage or a foreign value costs one more robots.txt fetch.
    return null;
  }
}

async function writeCache(env: FetchEnvironment, key: string, value: CachedRobots, ttl: number) {
  try {
    await env.kv.set(key, JSON.stringify(value), ttl);
  } catch {
    // Same reasoning as readCache: a lost write only means the next check fetches again.
  }
}

async function loadRobots(env: FetchEnvironment, url: URL, fetchRobotsFile: RobotsFileFetcher) {
  const key = cacheKey(url);
  const cached = await readCache(env, key);
  if (cached) return cached;

  let response: { status: number; body: string };
  try {
    response = await fetchRobotsFile(new URL('/robots.txt', url));
  } catch (error) {
    // Our own caller gave up: that says nothing about the host, so neither answer nor cache.
    if (env.signal?.aborted) throw error;
    // Unreachable means disallow all for this call, but it is not cached: a cached "disallow"
    // would turn the next call's honest 502 (host down) into a false 403 ROBOTS_DISALLOWED.
    return { v: 1, kind: 'disallow-all' } satisfies CachedRobots;
  }

  const { status, body } = response;
  let verdict: CachedRobots;
  if (status >= 200 && status < 300) {
    const token = env.config.ROBOTS_PRODUCT_TOKEN;
    verdict = { v: 1, kind: 'rules', token, group: selectGroup(parseRobots(body), token) };
  } else if (status >= 300 && status < 500) {
    // 4xx is "unavailable" (RFC 9309 §2.3.1.3). A 3xx reaching us means the fetcher gave up after its five
    // redirects, which RFC 9309 §2.3.1.2 also lets us treat as unavailable.
    verdict = { v: 1, kind: 'allow-all' };
  } else {
    verdict = { v: 1, kind: 'disallow-all' };
  }
  await writeCache(
    env,
    key,
    verdict,
    verdict.kind === 'disallow-all' ? SERVER_ERROR_TTL_SECONDS : CACHE_TTL_SECONDS,
  );
  return verdict;
}

/**
 * May the service fetch `url`? Reads the origin's robots.txt through `fetchRobotsFile` (the guarded
 * fetcher: redirects, size cap, SSRF guard) at most once per cache lifetime: 24 h for a 2xx or 4xx
 * answer, 60 s for a 5xx, which disallows everything meanwhile. An unreachable host is not cached.
 */
export async function checkRobots(
  env: FetchEnvironment,
  url: URL,
  fetchRobotsFile: RobotsFileFetcher,
): Promise<RobotsVerdict> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`robots.txt applies to http(s) URLs, got ${url.protocol}`);
  }
  // Implicitly allowed (RFC 9309 §2.2.2); answering without a lookup also keeps a fetcher that checks
  // robots before every request from recursing into its own robots.txt fetch.
  if (url.pathname === '/robots.txt') return { allowed: true, crawlDelaySeconds: null };

  const robots = await loadRobots(env, url, fetchRobotsFile);
  switch (robots.kind) {
    case 'allow-all':
      return { allowed: true, crawlDelaySeconds: null };
    case 'disallow-all':
      return { allowed: false, crawlDelaySeconds: null };
    case 'rules':
      return {
        allowed: rulesAllow(robots.group.rules, url.pathname + url.search),
        crawlDelaySeconds: robots.group.crawlDelaySeconds,
      };
  }
}
