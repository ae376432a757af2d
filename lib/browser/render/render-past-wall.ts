import type { Response } from 'playwright-core';
import { detectBotWall } from '../../fetch/bot-wall.js';
import type { FetchedPage } from '../../fetch/types.js';
import { navigate } from '../guard/navigation.js';
import type { CallScope } from '../guard/request-guard.js';
import type { EngineName } from '../launch/browser-instance.js';
import { asFetchedPage, readLivePage } from '../page/live-page.js';
import { behaveLikeAReader } from '../stealth/human-behavior.js';
import { defaultStealthConfig } from '../stealth/stealth-config.js';
import type { PageRenderer } from './renderer.js';

/**
 * The one render `escalate` buys (docs/reference/pages.md#bot-walls-and-escalation): the page in the stealth browser at level medium,
 * given time to run its scripts, returned as a page the tool reads like a fetched one. A challenge
 * that clears itself (a JavaScript check that sets a cookie and reloads) gets until the deadline to
 * do so; one that does not is still a wall, and the tool answers it as blocked.
 */

export interface WallRenderRequest {
  url: string;
  engine: EngineName;
  timeoutMs: number;
  /** Extra wait after the page settled (extract_embedded_state's `wait_for`). */
  waitForMs?: number;
  includeFastly?: boolean;
}

const SETTLE_MS = 2000;
const POLL_MS = 250;
/** A self-clearing challenge (Cloudflare's takes about five seconds) gets this long at most. */
const CHALLENGE_MS = 8000;

export async function renderPastWall(
  renderer: PageRenderer,
  scope: CallScope,
  request: WallRenderRequest,
): Promise<FetchedPage> {
  const started = performance.now();
  const deadline = Date.now() + request.timeoutMs;
  return renderer.withPage(
    scope,
    { engine: request.engine, stealth: defaultStealthConfig() },
    async ({ page, guard, profile }) => {
      const main = { status: 200, headers: {} as Record<string, string> };
      const outcome = await navigate(page, guard, request.url, { timeoutMs: request.timeoutMs });
      main.status = outcome.status;
      main.headers = outcome.headers;
      // A challenge that reloads or redirects the page replaces the main document: follow its status.
      page.on('response', (response: Response) => {
        if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) {
          main.status = response.status();
          response.allHeaders().then(
            (headers) => {
              main.headers = headers;
            },
            () => {},
          );
        }
      });
      if (profile?.humanBehavior) await behaveLikeAReader(page);
      await page
        .waitForLoadState('networkidle', { timeout: Math.max(1, Math.min(SETTLE_MS, deadline - Date.now())) })
        .catch(() => {});
      let live = await readLivePage(page);
      const giveUp = Math.min(deadline, Date.now() + CHALLENGE_MS);
      while (Date.now() + POLL_MS < giveUp && stillWalled(live, main, request)) {
        await page.waitForTimeout(POLL_MS);
        await page.waitForLoadState('load', { timeout: Math.max(1, deadline - Date.now()) }).catch(() => {});
        live = await readLivePage(page).catch(() => live);
      }
      if (request.waitForMs) {
        await page.waitForTimeout(Math.min(request.waitForMs, Math.max(0, deadline - Date.now())));
        live = await readLivePage(page);
      }
      return asFetchedPage(live, {
        requestedUrl: request.url,
        status: main.status,
        headers: main.headers,
        durationMs: Math.round(performance.now() - started),
      });
    },
  );
}

function stillWalled(
  live: { url: string; html: string },
  main: { status: number; headers: Record<string, string> },
  request: WallRenderRequest,
): boolean {
  const wall = detectBotWall(
    { status: main.status, headers: main.headers, body: live.html, finalUrl: live.url, kind: 'html' },
    { includeFastly: request.includeFastly },
  );
  return wall !== null;
}
