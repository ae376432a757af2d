import { navigate, preflight } from '../../browser/guard/navigation.js';
import { RequestGuard } from '../../browser/guard/request-guard.js';
import { asFetchedPage, readLivePage } from '../../browser/page/live-page.js';
import { captureScreenshot } from '../../browser/page/screenshot.js';
import { upstreamFrom } from '../../browser/render/contexts.js';
import { behaveLikeAReader } from '../../browser/stealth/human-behavior.js';
import { pickProxy } from '../../browser/stealth/proxy-rotation.js';
import type { StealthConfig } from '../../browser/stealth/stealth-config.js';
import { browserRuntimeOf, callScope } from '../../browser/tool-bridge.js';
import { ApiError } from '../../errors/api-error.js';
import { blocked, targetOrBadGateway } from '../../fetch/assess-page.js';
import { detectBotWall } from '../../fetch/bot-wall.js';
import { type PageFormats, renderPageFormats } from '../../page-formats/render.js';
import type { ToolContext } from '../define.js';
import type { StealthModeInput } from './schema.js';

/**
 * stealth_mode `scrape`: one call creates a stealth context, loads the page, reads the formats and
 * tears the context down. robots.txt and the SSRF guard are checked before any browser starts.
 */

/** Navigation gets this long; with wait_for and the reading it stays inside the ~25 s REST window. */
export const STEALTH_NAVIGATION_MS = 20_000;
const SETTLE_MS = 2000;
/**
 * From the start of the call to the end of the reading. The function's window is about 30 s and the
 * gateway, the ledger and the envelope need some of it, so a wait_for that would end past this is cut.
 */
export const STEALTH_CALL_BUDGET_MS = 25_000;
/** Reading the formats and a screenshot after the wait. */
const READING_RESERVE_MS = 3_000;

export interface StealthScrapeData {
  url: string;
  final_url: string;
  title: string;
  status: number;
  engine: string;
  level: string;
  formats: PageFormats & { screenshot?: string };
  scraped_at: string;
}

export async function stealthScrape(
  ctx: ToolContext,
  input: StealthModeInput,
  config: StealthConfig,
): Promise<StealthScrapeData> {
  const startedAt = performance.now();
  const runtime = browserRuntimeOf(ctx);
  const renderer = runtime.renderer();
  const url = input.url ?? '';
  const scope = callScope(ctx, input.respect_robots);
  const check = new RequestGuard({ config: ctx.services.config, kv: ctx.services.kv });
  await check.withCall(scope, () => preflight(check, url));
  const proxy = pickProxy(config);
  return renderer.withPage(
    scope,
    { engine: input.engine, stealth: config, upstream: proxy ? upstreamFrom(proxy) : null },
    async ({ page, guard, profile }) => {
      const outcome = await navigate(page, guard, url, {
        timeoutMs: STEALTH_NAVIGATION_MS,
        timeoutCode: 'MCP_UPSTREAM_TIMEOUT',
      });
      if (profile?.humanBehavior) await behaveLikeAReader(page);
      await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => {});
      if (input.wait_for) {
        const waitMs = waitWithinBudget(input.wait_for, performance.now() - startedAt);
        if (waitMs < input.wait_for) {
          ctx.warn(
            `wait_for was cut from ${input.wait_for} to ${waitMs} ms (by ${input.wait_for - waitMs} ms) so the call finishes inside its ~30 s window`,
          );
        }
        if (waitMs > 0) await page.waitForTimeout(waitMs);
      }
      const live = await readLivePage(page);
      const fetched = asFetchedPage(live, {
        requestedUrl: url,
        status: outcome.status,
        headers: outcome.headers,
        durationMs: 0,
      });
      const names = input.formats.filter((format) => format !== 'screenshot');
      const formats: StealthScrapeData['formats'] = renderPageFormats(fetched, names, {
        onlyMainContent: true,
        withMarkdown: false,
      });
      if (input.formats.includes('screenshot')) {
        const shot = await captureScreenshot(page, null, {
          fullPage: false,
          format: 'png',
          quality: 80,
          timeoutMs: 10_000,
        });
        formats.screenshot = shot.uri;
      }
      // A wall or a target error is not a page: answered as scrape answers them, uncharged.
      const wall = detectBotWall(fetched);
      if (wall) throw blocked(wall, outcome.status, STILL_WALLED_NEXT_STEP);
      if (outcome.status < 200 || outcome.status > 299) throw targetError(outcome.status);
      return {
        url,
        final_url: live.url,
        title: live.title,
        status: outcome.status,
        engine: input.engine,
        level: config.level,
        formats,
        scraped_at: new Date().toISOString(),
      };
    },
  );
}

/** What is left of the budget for wait_for once navigation and settling have used their share. */
export function waitWithinBudget(requestedMs: number, elapsedMs: number): number {
  const available = STEALTH_CALL_BUDGET_MS - READING_RESERVE_MS - elapsedMs;
  return Math.max(0, Math.min(requestedMs, Math.floor(available)));
}

/** Stealth does not solve challenges: the wall is answered as every reader answers it, with that said. */
const STILL_WALLED_NEXT_STEP =
  'Stealth does not solve challenges or CAPTCHAs: the page cannot be read from the service; nothing was charged';

function targetError(status: number): ApiError {
  return new ApiError('UPSTREAM_HTTP', `Target answered HTTP ${status}`, {
    status: targetOrBadGateway(status),
  });
}
