import { ApiError } from '../errors/api-error.js';
import { robotsVerdict } from '../fetch/fetch-page.js';
import type { FetchEnvironment } from '../fetch/types.js';
import { checkTarget, parseTargetUrl } from '../fetch/url-policy.js';

/**
 * The entry URL of a site tool, judged before anything is read: URL policy (SSRF names, opt-out
 * list), then robots.txt. docs/reference/README.md#common-parameters: only the entry URL answers 403; URLs discovered later are
 * left out instead. With `respect_robots: false` a disallowed entry is allowed, and `overridden` says
 * so for the caller to warn and record once the site is read some other way than by fetching it.
 */
export async function gateEntryUrl(
  env: FetchEnvironment,
  url: string,
  respectRobots: boolean,
): Promise<{ overridden: boolean }> {
  const target = parseTargetUrl(url);
  checkTarget(target, env.config);
  const verdict = await robotsVerdict(env, target);
  if (verdict.allowed) return { overridden: false };
  if (verdict.unreachable) throw verdict.unreachable;
  if (respectRobots) {
    throw new ApiError(
      'ROBOTS_DISALLOWED',
      `robots.txt disallows ${target.href} for ${env.config.ROBOTS_PRODUCT_TOKEN}`,
    );
  }
  return { overridden: true };
}

/** The docs/reference/README.md#common-parameters override warning and record, for an entry URL read without being fetched. */
export async function recordEntryOverride(env: FetchEnvironment, url: string): Promise<void> {
  env.warn(
    `robots.txt disallows ${url} for ${env.config.ROBOTS_PRODUCT_TOKEN}; mapped because respect_robots is false`,
  );
  await env.recordRobotsOverride(url);
}
