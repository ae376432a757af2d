import type { Page } from 'playwright-core';
import type { FetchedPage } from '../../fetch/types.js';

/** The live DOM of a page, serialised: what read, scrape and escalation derive their formats from. */
export interface LivePage {
  url: string;
  title: string;
  html: string;
}

const READ_ATTEMPTS = 5;

/**
 * A page that navigates while it is read (a challenge that reloads itself, a redirect by script)
 * makes Playwright refuse `content()`; the read waits for the new document and tries again.
 */
export async function readLivePage(page: Page): Promise<LivePage> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [html, title] = await Promise.all([page.content(), page.title().catch(() => '')]);
      return { url: page.url(), title, html };
    } catch (error) {
      if (attempt >= READ_ATTEMPTS || !isNavigating(error)) throw error;
      await page.waitForLoadState('domcontentloaded', { timeout: 2_000 }).catch(() => {});
    }
  }
}

function isNavigating(error: unknown): boolean {
  return error instanceof Error && /navigating|execution context was destroyed/i.test(error.message);
}

/**
 * A rendered page in the fetcher's shape, so the tools' gate and format code read it like any page:
 * always HTML, decoded, with the main document's status and headers.
 */
export function asFetchedPage(
  live: LivePage,
  main: { requestedUrl: string; status: number; headers: Record<string, string>; durationMs: number },
): FetchedPage {
  return {
    requestedUrl: main.requestedUrl,
    finalUrl: live.url,
    status: main.status,
    headers: main.headers,
    mimeType: 'text/html',
    charset: 'utf-8',
    kind: 'html',
    body: live.html,
    bytes: Buffer.byteLength(live.html),
    redirects: live.url === main.requestedUrl ? [] : [live.url],
    durationMs: main.durationMs,
  };
}
