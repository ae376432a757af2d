import type { ElementHandle, Locator, Page, Request } from 'playwright-core';
import { ApiError } from '../../errors/api-error.js';
import { checkLanding, navigate } from '../guard/navigation.js';
import type { RequestGuard } from '../guard/request-guard.js';
import type { PageAction } from './action-schema.js';
import { type CapturedScreenshot, captureScreenshot } from './screenshot.js';
import { type RefStore, type Snapshot, takeSnapshot } from './snapshot.js';

/**
 * Runs an action list against a live page: browser_session `act` and scrape_with_actions. Every
 * action reports whether it ran; the first failure stops the chain unless `continue_on_error`,
 * and then the call fails with that action's error and the results so far (`details` say which
 * ran). Navigations an action causes pass the same guard as any other.
 */

export interface ActionResult {
  index: number;
  type: PageAction['type'];
  status: 'ok' | 'failed' | 'skipped';
  error?: { code: string; message: string };
  /** `screenshot`: the resource URI (docs/reference/browsers.md#browser_session). */
  screenshot?: string;
  /** `snapshot`: the new tree; its refs replace the old ones. */
  snapshot?: Snapshot;
  /** Where the page is after a `navigate`. */
  url?: string;
  status_code?: number;
}

export interface ActionEnvironment {
  page: Page;
  guard: RequestGuard;
  refs: RefStore;
  /** Keeps a screenshot's bytes where they can be served, and names them. */
  keepScreenshot(shot: CapturedScreenshot): string;
}

export interface ActionRun {
  results: ActionResult[];
  failed: number;
}

/** Elements are waited for this long at most, so a wrong selector fails fast inside a long chain. */
const ELEMENT_WAIT_MS = 3000;
/** After an action that may navigate, how long to wait for a navigation to begin. */
const NAVIGATION_START_MS = 150;

export async function runActions(
  env: ActionEnvironment,
  actions: PageAction[],
  options: { continueOnError: boolean; timeoutMs: number },
): Promise<ActionRun> {
  const deadline = Date.now() + options.timeoutMs;
  const results: ActionResult[] = [];
  let failed = 0;
  for (const [index, action] of actions.entries()) {
    const remaining = deadline - Date.now();
    try {
      if (remaining <= 0) {
        throw new ApiError('FETCH_TIMEOUT', `The actions ran past timeout (${options.timeoutMs} ms)`);
      }
      results.push({ index, type: action.type, status: 'ok', ...(await runAction(env, action, remaining)) });
    } catch (error) {
      const apiError = classify(error, action);
      failed += 1;
      results.push({
        index,
        type: action.type,
        status: 'failed',
        error: { code: apiError.code, message: apiError.message },
      });
      if (!options.continueOnError) {
        for (const [rest, skipped] of actions.entries()) {
          if (rest > index) results.push({ index: rest, type: skipped.type, status: 'skipped' });
        }
        throw new ApiError(
          apiError.code,
          `Action ${index + 1} (${action.type}) failed: ${apiError.message}`,
          {
            status: apiError.status,
            headers: apiError.headers,
            extra: { ...apiError.extra, failed_action: index, results },
          },
        );
      }
    }
  }
  return { results, failed };
}

type Outcome = Omit<ActionResult, 'index' | 'type' | 'status'>;

async function runAction(env: ActionEnvironment, action: PageAction, timeout: number): Promise<Outcome> {
  const { page } = env;
  switch (action.type) {
    case 'wait':
      if (action.selector !== undefined) {
        const target = await resolve(env, action.selector, timeout);
        await waitVisible(target, Math.min(timeout, 30_000), action.selector);
      }
      if (action.duration !== undefined) {
        if (action.duration > timeout) {
          throw new ApiError('FETCH_TIMEOUT', `wait of ${action.duration} ms runs past the chain's timeout`);
        }
        await page.waitForTimeout(action.duration);
      }
      return {};
    case 'click': {
      const target = await resolve(env, action.selector, timeout);
      await mayNavigate(env, timeout, () =>
        target.click({ button: action.button, clickCount: action.click_count, timeout }),
      );
      return {};
    }
    case 'type': {
      const target = await resolve(env, action.selector, timeout);
      if (action.clear) await target.fill(action.text, { timeout });
      else if ('pressSequentially' in target) await target.pressSequentially(action.text, { timeout });
      else await target.type(action.text, { timeout });
      if (action.submit) await mayNavigate(env, timeout, () => target.press('Enter', { timeout }));
      return {};
    }
    case 'press': {
      const target = action.selector === undefined ? null : await resolve(env, action.selector, timeout);
      await mayNavigate(env, timeout, () =>
        target ? target.press(action.key, { timeout }) : page.keyboard.press(action.key),
      );
      return {};
    }
    case 'scroll':
      if (action.selector !== undefined) {
        const target = await resolve(env, action.selector, timeout);
        await target.scrollIntoViewIfNeeded({ timeout });
      } else {
        const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
        const vertical = action.direction === 'up' || action.direction === 'down';
        const amount = action.amount ?? (vertical ? viewport.height : viewport.width);
        const sign = action.direction === 'up' || action.direction === 'left' ? -1 : 1;
        await page.mouse.wheel(vertical ? 0 : sign * amount, vertical ? sign * amount : 0);
        // Wheel events scroll asynchronously; lazy content starts loading on the scroll event.
        await page.waitForTimeout(Math.min(200, timeout));
      }
      return {};
    case 'screenshot': {
      const target = action.selector === undefined ? null : await resolve(env, action.selector, timeout);
      const shot = await captureScreenshot(page, target, {
        fullPage: action.full_page,
        format: action.format,
        quality: action.quality,
        timeoutMs: timeout,
      });
      return { screenshot: env.keepScreenshot(shot) };
    }
    case 'select': {
      const target = await resolve(env, action.selector, timeout);
      const choice = action.label !== undefined ? { label: action.label } : action.value;
      await mayNavigate(env, timeout, async () => {
        const chosen = await target.selectOption(choice as string | string[] | { label: string }, {
          timeout,
        });
        if (chosen.length === 0) throw new ApiError('ACTION_FAILED', 'No option matched');
      });
      return {};
    }
    case 'hover': {
      const target = await resolve(env, action.selector, timeout);
      await target.hover({ timeout });
      return {};
    }
    case 'navigate': {
      const outcome = await navigate(page, env.guard, action.url, { timeoutMs: timeout });
      return { url: outcome.finalUrl, status_code: outcome.status };
    }
    case 'snapshot':
      return {
        snapshot: await takeSnapshot(page, env.refs, {
          interactiveOnly: action.interactive_only,
          maxNodes: action.max_nodes,
        }),
      };
  }
}

type Target = Locator | ElementHandle;

/** An `@e<n>` ref from the last snapshot, or the first element a CSS selector matches. */
export async function resolve(
  env: Pick<ActionEnvironment, 'page' | 'refs'>,
  selector: string,
  timeout: number,
): Promise<Target> {
  const ref = /^@e(\d+)$/.exec(selector.trim());
  if (ref) {
    const handle = env.refs.get(Number(ref[1]));
    if (!handle) {
      throw new ApiError('ELEMENT_NOT_FOUND', `No element ${selector}: refs come from the last snapshot`);
    }
    return handle;
  }
  const locator = env.page.locator(selector).first();
  try {
    await locator.waitFor({ state: 'attached', timeout: Math.min(timeout, ELEMENT_WAIT_MS) });
  } catch (error) {
    if (isTimeout(error)) throw new ApiError('ELEMENT_NOT_FOUND', `No element matches ${selector}`);
    if (error instanceof Error && /pars|selector|unknown engine/i.test(error.message)) {
      throw invalidSelector(selector, error);
    }
    throw error;
  }
  return locator;
}

async function waitVisible(target: Target, timeout: number, selector: string): Promise<void> {
  try {
    if ('waitFor' in target) await target.waitFor({ state: 'visible', timeout });
    else await target.waitForElementState('visible', { timeout });
  } catch (error) {
    if (isTimeout(error)) throw new ApiError('ELEMENT_NOT_FOUND', `${selector} did not become visible`);
    throw error;
  }
}

/**
 * Runs an action that may start a navigation (a link, a submit, an Enter): if the main frame starts
 * loading, waits for it, then lets the guard say whether it was refused or landed where robots.txt
 * disallows.
 */
export async function mayNavigate(
  env: Pick<ActionEnvironment, 'page' | 'guard'>,
  timeout: number,
  action: () => Promise<unknown>,
): Promise<void> {
  const { page, guard } = env;
  const mark = guard.mark();
  let navigating = false;
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigating = true;
  };
  page.on('request', onRequest);
  try {
    await action();
    await page.waitForTimeout(Math.min(NAVIGATION_START_MS, Math.max(0, timeout)));
    if (navigating) {
      await page.waitForLoadState('load', { timeout: Math.max(1, timeout) }).catch((error) => {
        if (!isTimeout(error)) throw error;
      });
    }
  } finally {
    page.off('request', onRequest);
  }
  const refused = guard.navigationRefusalSince(mark);
  if (refused) throw refused;
  await checkLanding(page, guard, mark);
}

function classify(error: unknown, action: PageAction): ApiError {
  if (error instanceof ApiError) return error;
  const message =
    error instanceof Error ? error.message.split('\n')[0].replace(/^[\w.]+: /, '') : String(error);
  if (/not attached to the DOM|Element is detached/i.test(message)) {
    return new ApiError('ELEMENT_NOT_FOUND', 'The element is gone from the page: take a new snapshot');
  }
  if (isTimeout(error)) {
    return new ApiError('ACTION_FAILED', `${action.type} could not complete: ${message}`);
  }
  return new ApiError('ACTION_FAILED', message);
}

function invalidSelector(selector: string, error: unknown): ApiError {
  const message =
    error instanceof Error ? error.message.split('\n')[0].replace(/^[\w.]+: /, '') : String(error);
  return new ApiError('VALIDATION_ERROR', `Invalid selector ${selector}: ${message}`, {
    details: [{ field: 'selector', message }],
  });
}

export function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}
