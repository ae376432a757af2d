import { ApiError } from '../errors/api-error.js';
import { AddressRefusedError } from './guarded-agent.js';
import { type GuardedRequestOptions, guardedRequest, MAX_REDIRECTS } from './guarded-request.js';
import { metaRefreshTarget } from './meta-refresh.js';
import { checkRobots } from './robots/index.js';
import type { RobotsFileFetcher, RobotsVerdict } from './robots/types.js';
import { type FetchEnvironment, type FetchedPage, type FetchOptions, MAX_BODY_BYTES } from './types.js';

export {
  type GuardedRequestOptions,
  guardedRequest,
  MAX_REDIRECTS,
  retryAfterSeconds,
} from './guarded-request.js';

/**
 * The one way the service reads a URL. Every hop of every request passes the URL policy, the
 * connect-time address guard and (for pages) robots.txt; one deadline covers connect, redirects,
 * retries and body; the body is counted after decompression so a gzip bomb stops at the cap.
 */

const DEFAULT_RETRY_AFTER_MAX_SECONDS = 10;
const ROBOTS_TIMEOUT_MS = 5_000;
/** RFC 9309 §2.5: a crawler must parse at least 500 KiB and may ignore what follows. */
const ROBOTS_MAX_BYTES = 500 * 1024;

export async function fetchPage(
  env: FetchEnvironment,
  url: string,
  options: FetchOptions,
): Promise<FetchedPage> {
  const started = performance.now();
  const gate = robotsGate(env, options);
  const request = (target: string, timeoutMs: number) =>
    guardedRequest(env, target, {
      timeoutMs,
      maxBytes: options.maxBytes ?? MAX_BODY_BYTES,
      headers: options.headers,
      userAgent: options.userAgent,
      retryAfterMaxSeconds: options.retryAfterMaxSeconds ?? DEFAULT_RETRY_AFTER_MAX_SECONDS,
      beforeRequest: gate,
      readAs: options.readAs,
    });
  const first = await request(url, options.timeoutMs);
  let page = first;
  const redirects = [...first.redirects];
  // A refresh is a redirect: each target passes the same URL policy, address guard and robots.txt,
  // shares the one deadline, and counts toward the same limit of hops.
  for (;;) {
    const target =
      options.followRefresh !== false && page.kind === 'html' && page.status < 300
        ? metaRefreshTarget(page.body, page.finalUrl)
        : null;
    const remainingMs = options.timeoutMs - (performance.now() - started);
    if (target === null || redirects.length >= MAX_REDIRECTS || remainingMs <= 0) break;
    const next = await request(target, remainingMs);
    // A challenge that refreshes to its own pass URL fails there without the cookie a browser would
    // carry: the page that refreshed is then the answer, so the tool sees the wall, not a stray 403.
    if (next.status >= 300) break;
    page = next;
    redirects.push(target, ...next.redirects);
  }
  return {
    ...page,
    requestedUrl: first.requestedUrl,
    redirects,
    durationMs: Math.round(performance.now() - started),
  };
}

/**
 * Disallowed and respected: 403 before the hop. Disallowed and overridden: a warning and a record,
 * then the fetch. When the verdict is "disallow" only because robots.txt could not be fetched at
 * all (refused, DNS, timeout, the host's private address), the page is unreachable too: that error
 * says more than a 403.
 * The browser's request guard runs the same gate on every request a page makes.
 */
export function robotsGate(
  env: FetchEnvironment,
  options: FetchOptions,
): NonNullable<GuardedRequestOptions['beforeRequest']> {
  const token = env.config.ROBOTS_PRODUCT_TOKEN;
  // A Retry-After retry revisits the same URL: one verdict, one warning, one override record.
  const seen = new Set<string>();
  return async (url, signal) => {
    if (seen.has(url.href)) return;
    seen.add(url.href);
    let unreachable: ApiError | null = null;
    const fetchRobotsFile = robotsFileFetcher(env, options.userAgent, signal);
    const verdict = await checkRobots(
      // The page's signal stands in for env.signal: when the page deadline cuts the robots.txt fetch
      // short, the robots module sees that its caller gave up instead of caching "disallow all".
      { ...env, signal },
      url,
      async (robotsUrl) => {
        try {
          return await fetchRobotsFile(robotsUrl);
        } catch (error) {
          unreachable = pageUnreachableError(error, url) ?? unreachable;
          throw error;
        }
      },
    );
    if (verdict.allowed) return;
    if (options.respectRobots !== false) {
      throw unreachable ?? new ApiError('ROBOTS_DISALLOWED', `robots.txt disallows ${url.href} for ${token}`);
    }
    env.warn(`robots.txt disallows ${url.href} for ${token}; fetched because respect_robots is false`);
    await env.recordRobotsOverride(url.href);
  };
}

/**
 * The robots.txt verdict for `url` without fetching it: crawlers ask before queueing a URL (to leave
 * it out, or to space requests by `Crawl-delay`), through the same cache and guarded fetcher.
 * `unreachable` is set when "disallow" only means robots.txt could not be fetched at all (refused
 * by the address guard, unreachable, timed out): that error says more than a 403 would.
 */
export async function robotsVerdict(
  env: FetchEnvironment,
  url: URL,
  userAgent?: string,
): Promise<RobotsVerdict & { unreachable: ApiError | null }> {
  let unreachable: ApiError | null = null;
  const fetchRobotsFile = robotsFileFetcher(env, userAgent, env.signal);
  const verdict = await checkRobots(env, url, async (robotsUrl) => {
    try {
      return await fetchRobotsFile(robotsUrl);
    } catch (error) {
      if (error instanceof ApiError) unreachable = error;
      throw error;
    }
  });
  return { ...verdict, unreachable: verdict.allowed ? null : unreachable };
}

const unreachableCodes = new Set<string>(['FETCH_FAILED', 'FETCH_TIMEOUT']);

/**
 * Why robots.txt could not be fetched, when that is also why the page cannot be: the host is down,
 * or the host itself resolves to a private address (then the answer is SSRF_BLOCKED, not a robots
 * disallow). A robots.txt that redirects to a private address says nothing about the page's host.
 */
function pageUnreachableError(error: unknown, page: URL): ApiError | null {
  if (!(error instanceof ApiError)) return null;
  if (unreachableCodes.has(error.code)) return error;
  if (error instanceof AddressRefusedError && error.host === page.hostname.replace(/^\[|\]$/g, ''))
    return error;
  return null;
}

function robotsFileFetcher(
  env: FetchEnvironment,
  userAgent: string | undefined,
  signal: AbortSignal | undefined,
): RobotsFileFetcher {
  return async (robotsUrl) => {
    const response = await guardedRequest(env, robotsUrl, {
      timeoutMs: ROBOTS_TIMEOUT_MS,
      maxBytes: ROBOTS_MAX_BYTES,
      overflow: 'truncate',
      readAs: 'text',
      tooManyRedirects: 'return',
      userAgent,
      signal,
      headers: { accept: 'text/plain,*/*;q=0.5' },
    });
    return { status: response.status, body: response.body };
  };
}
