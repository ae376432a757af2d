import type { ElementHandle, Locator, Page } from 'playwright-core';
import { newId } from '../../ids.js';

/**
 * Screenshots are answered as a resource URI, `webextract://screenshot/{id}` (docs/reference/browsers.md#browser_session): the
 * REST endpoint passes it through unresolved, and only the self-hosted MCP server turns it into
 * bytes. The bytes are still taken, so a bad selector or an oversized page fails here, and the host
 * keeps the last few per session for that server to read.
 */

export const SCREENSHOT_URI_SCHEME = 'webextract';

export interface CapturedScreenshot {
  id: string;
  uri: string;
  mimeType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

export interface ScreenshotOptions {
  fullPage: boolean;
  format: 'png' | 'jpeg';
  /** JPEG only; ignored for PNG. */
  quality: number;
  timeoutMs: number;
}

export async function captureScreenshot(
  page: Page,
  element: Locator | ElementHandle | null,
  options: ScreenshotOptions,
): Promise<CapturedScreenshot> {
  const common = {
    type: options.format,
    timeout: options.timeoutMs,
    ...(options.format === 'jpeg' ? { quality: options.quality } : {}),
  } as const;
  const bytes = element
    ? await element.screenshot(common)
    : await page.screenshot({ ...common, fullPage: options.fullPage });
  const id = newId('shot');
  return {
    id,
    uri: `${SCREENSHOT_URI_SCHEME}://screenshot/${id}`,
    mimeType: options.format === 'png' ? 'image/png' : 'image/jpeg',
    bytes,
  };
}
