import { navigate, preflight } from '../../browser/guard/navigation.js';
import { RequestGuard } from '../../browser/guard/request-guard.js';
import { asFetchedPage, readLivePage } from '../../browser/page/live-page.js';
import { captureScreenshot } from '../../browser/page/screenshot.js';
import { upstreamFrom } from '../../browser/render/contexts.js';
import { behaveLikeAReader } from '../../browser/stealth/human-behavior.js';
import { pickProxy } from '../../browser/stealth/proxy-rotation.js';
import type { StealthConfig } from '../../browser/stealth/stealth-config.js';
import { browserRuntimeOf, callScope } from '../../browser/tool-bridge.js';
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

export interface StealthScrapeData {
  url: string;
  final_url: string;
  title: string;
  status: number;
  engine: string;
  level: string;
  formats: PageFormats & { screenshot?: string };
  /** Set when the page is still a bot wall: stealth does not solve challenges. */
  blocked?: { vendor: string; evidence: string[] };
  scraped_at: string;
}

export async function stealthScrape(
  ctx: ToolContext,
  input: StealthModeInput,
  config: StealthConfig,
): Promise<StealthScrapeData> {
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
      if (input.wait_for) await page.waitForTimeout(input.wait_for);
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
      const wall = detectBotWall(fetched);
      if (wall) {
        ctx.warn(
          `The page is still a ${wall.vendor === 'unknown' ? '' : `${wall.vendor} `}bot wall after the stealth render: stealth does not solve challenges or CAPTCHAs`,
        );
      }
      return {
        url,
        final_url: live.url,
        title: live.title,
        status: outcome.status,
        engine: input.engine,
        level: config.level,
        formats,
        ...(wall ? { blocked: wall } : {}),
        scraped_at: new Date().toISOString(),
      };
    },
  );
}
