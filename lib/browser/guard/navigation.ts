import type { Page, Response } from 'playwright-core';
import { ApiError } from '../../errors/api-error.js';
import { guardedAddresses } from '../../fetch/guarded-agent.js';
import { checkTarget, effectiveHostMap, normaliseHost, parseTargetUrl } from '../../fetch/url-policy.js';
import type { RequestGuard } from './request-guard.js';

/**
 * Opening a URL in a page the way the fetcher opens one: the URL policy, the addresses and
 * robots.txt are checked before the browser is asked (so a refusal is a clear 403 and nothing is
 * sent), the navigation runs under the guard and the egress proxy, and a failure is explained by
 * what they refused. Where redirects led is checked against robots.txt too.
 */

export interface NavigationOutcome {
  /** HTTP status of the main document; 200 when the browser reports none (same-document navigation). */
  status: number;
  headers: Record<string, string>;
  finalUrl: string;
}

export interface NavigateOptions {
  timeoutMs: number;
  /** Timeouts are FETCH_TIMEOUT by default; stealth_mode answers MCP_UPSTREAM_TIMEOUT. */
  timeoutCode?: 'FETCH_TIMEOUT' | 'MCP_UPSTREAM_TIMEOUT';
}

/** The checks that need no browser: URL policy, every resolved address, robots.txt. */
export async function preflight(guard: RequestGuard, url: string): Promise<URL> {
  const target = parseTargetUrl(url);
  const checked = checkTarget(target, guard.config);
  await guardedAddresses(normaliseHost(checked.host), effectiveHostMap(guard.config)).catch(
    (error: unknown) => {
      if (error instanceof ApiError) throw error;
      throw new ApiError('FETCH_FAILED', `Could not resolve ${target.hostname}`, { cause: error });
    },
  );
  await guard.checkNavigation(target);
  return target;
}

export async function navigate(
  page: Page,
  guard: RequestGuard,
  url: string,
  options: NavigateOptions,
): Promise<NavigationOutcome> {
  const target = await preflight(guard, url);
  const mark = guard.mark();
  let response: Response | null;
  try {
    response = await page.goto(target.href, { timeout: options.timeoutMs, waitUntil: 'load' });
  } catch (error) {
    throw explainFailure(error, guard, mark, target.href, options);
  }
  await checkLanding(page, guard, mark, target.href);
  return {
    status: response?.status() ?? 200,
    headers: response ? await response.allHeaders().catch(() => ({})) : {},
    finalUrl: page.url(),
  };
}

/**
 * After a navigation the service did not start itself (a click, a form), or one that was redirected:
 * a main frame that ended on an error page was stopped by the guard or the network; one that ended
 * on a path robots.txt disallows is taken back to a blank page.
 */
export async function checkLanding(
  page: Page,
  guard: RequestGuard,
  mark: number,
  requested?: string,
): Promise<void> {
  const landed = page.url();
  if (landed.startsWith('chrome-error:') || landed === 'about:neterror') {
    throw (
      guard.refusalSince(mark) ??
      new ApiError('FETCH_FAILED', `The page could not be loaded${requested ? `: ${requested}` : ''}`)
    );
  }
  if (!/^https?:/.test(landed) || landed === requested) return;
  try {
    await guard.checkNavigation(new URL(landed));
  } catch (error) {
    await page.goto('about:blank').catch(() => {});
    throw error;
  }
}

export function explainFailure(
  error: unknown,
  guard: RequestGuard,
  mark: number,
  url: string,
  options: Pick<NavigateOptions, 'timeoutMs' | 'timeoutCode'>,
): ApiError {
  const refused = guard.refusalSince(mark);
  if (refused) return refused;
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new ApiError(
      options.timeoutCode ?? 'FETCH_TIMEOUT',
      `Loading ${url} took longer than ${options.timeoutMs} ms`,
    );
  }
  if (message.includes('ERR_NAME_NOT_RESOLVED')) {
    return new ApiError('FETCH_FAILED', `Could not resolve ${new URL(url).hostname}`);
  }
  const netError = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
  return new ApiError('FETCH_FAILED', `Could not load ${url}${netError ? `: ${netError}` : ''}`, {
    cause: error,
  });
}
