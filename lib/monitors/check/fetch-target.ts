import { type Capture, captureBody, SelectorNotFound } from '../../change-detection/capture.js';
import { ApiError } from '../../errors/api-error.js';
import { detectBotWallInView, viewFetchedPage } from '../../fetch/bot-wall.js';
import { isClientRenderedShell } from '../../fetch/client-rendered.js';
import { fetchPage } from '../../fetch/fetch-page.js';
import type { FetchEnvironment } from '../../fetch/types.js';
import { ignoreMatchers } from './ignore-patterns.js';

/**
 * One target of a check, fetched through the guarded fetcher with robots.txt always respected
 * (monitors have no override), then sorted into what docs/reference/monitors.md#checks-and-pages distinguishes: content to compare, a
 * wall or unusable document (`blocked`, never a change), or an error.
 */
export type TargetOutcome =
  | { kind: 'content'; capture: Capture }
  | { kind: 'blocked'; vendor: string | null; message: string }
  | { kind: 'error'; code: string; message: string };

export interface MonitorTarget {
  url: string;
  selector?: string;
  ignore_patterns?: string[];
  ignore_dates?: boolean;
}

/** Per target: targets are fetched at once, so a check takes about as long as its slowest page. */
export const TARGET_TIMEOUT_MS = 15_000;

export async function fetchTarget(
  env: FetchEnvironment,
  target: MonitorTarget,
  timeoutMs = TARGET_TIMEOUT_MS,
): Promise<TargetOutcome> {
  let page: Awaited<ReturnType<typeof fetchPage>>;
  try {
    page = await fetchPage(env, target.url, { timeoutMs, respectRobots: true });
  } catch (error) {
    if (error instanceof ApiError) return { kind: 'error', code: error.code, message: error.message };
    throw error;
  }
  const view = viewFetchedPage(page);
  const wall = detectBotWallInView(view);
  if (wall) {
    return {
      kind: 'blocked',
      vendor: wall.vendor,
      message: `Target answered with a ${wall.vendor === 'unknown' ? '' : `${wall.vendor} `}bot wall (HTTP ${page.status})`,
    };
  }
  if (page.status < 200 || page.status > 299) {
    return { kind: 'error', code: 'UPSTREAM_HTTP', message: `Target answered HTTP ${page.status}` };
  }
  if (page.kind === 'binary') {
    return {
      kind: 'error',
      code: 'UNSUPPORTED_CONTENT_TYPE',
      message: `Target is ${page.mimeType ?? 'binary content'}, not a web page`,
    };
  }
  if (view.document && isClientRenderedShell(view.document)) {
    return {
      kind: 'blocked',
      vendor: null,
      message: 'Unusable document: a client-rendered shell whose content is drawn by JavaScript',
    };
  }
  try {
    return {
      kind: 'content',
      capture: captureBody({ ...page, kind: page.kind }, target.selector, {
        ignorePatterns: ignoreMatchers(target.ignore_patterns),
        ignoreDates: target.ignore_dates,
      }),
    };
  } catch (error) {
    if (error instanceof SelectorNotFound) {
      return { kind: 'error', code: 'SELECTOR_NOT_FOUND', message: error.message };
    }
    throw error;
  }
}
